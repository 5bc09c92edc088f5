import { forgetSharedSessions } from './demo-session';

// Vitest runs this before each journey file, in the worker all the files share.
forgetSharedSessions();
