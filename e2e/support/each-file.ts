import { afterEach } from 'vitest';
import { forgetSharedSessions } from './demo-session';
import { captureFailure } from './failure-capture';

// Vitest runs this before each journey file, in the worker all the files share (e2e/vitest.config.ts).
forgetSharedSessions();
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await captureFailure(task.name);
});
