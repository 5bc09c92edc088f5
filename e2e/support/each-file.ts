import { forgetSharedSessions } from './demo-session';

// Vitest runs this before each journey file, in the worker all the files share (e2e/vitest.config.ts).
forgetSharedSessions();
