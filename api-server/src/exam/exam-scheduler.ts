import type { FastifyInstance } from 'fastify';
import { settleExpiredAttempts } from './exam-attempts.js';

const intervalMs = 15_000;

/**
 * Hands in, every 15 seconds, the exam attempts whose time ran out and nobody touched since (a
 * student who closed the tab); an attempt that is touched first is handed in on the spot. Returns a stop function.
 */
export function startExamScheduler(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const settled = await settleExpiredAttempts(app.db, app.clock.now());
        if (settled > 0) app.log.info({ settled }, 'exam attempts handed in at their deadline');
      } catch (error) {
        app.log.error({ err: error }, 'the exam deadline pass failed');
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
