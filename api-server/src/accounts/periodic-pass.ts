import type { FastifyInstance } from 'fastify';
import { withUserChanges } from './user-changes.js';

/**
 * Runs `pass` now and then every `intervalMs`, never two at once (a tick while one runs is skipped); a failure is
 * logged as `failure` and the next tick tries again. What a pass changes about users is heard when it ends. Returns a stop function that waits for a running pass.
 */
export function startPeriodicPass(
  app: FastifyInstance,
  intervalMs: number,
  failure: string,
  pass: () => Promise<unknown>,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await withUserChanges(app.userChanges.hear, pass);
      } catch (error) {
        app.log.error({ err: error }, failure);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
