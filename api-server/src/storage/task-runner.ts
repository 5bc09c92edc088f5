import type { FastifyInstance } from 'fastify';
import { runPendingTasks } from './tasks.js';

/**
 * Runs storage tasks in the background: every `intervalMs` it takes up whatever is queued, and at
 * its first tick whatever a previous process left running. Returns a stop function that waits for
 * the file in hand.
 */
export function startTaskRunner(app: FastifyInstance, intervalMs = 500): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        await runPendingTasks(app);
      } catch (error) {
        app.log.error({ err: error }, 'storage task runner failed');
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
