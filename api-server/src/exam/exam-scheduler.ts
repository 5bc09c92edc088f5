import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from '../accounts/index.js';
import { settleExpiredAttempts } from './exam-attempts.js';

/**
 * Hands in, every 15 seconds, the exam attempts whose time ran out and nobody touched since (a student who closed
 * the tab); an attempt that is touched first is handed in on the spot. Returns a stop function.
 */
export const startExamScheduler = (app: FastifyInstance) =>
  startPeriodicPass(app, 15_000, 'the exam deadline pass failed', async () => {
    const settled = await settleExpiredAttempts(app.db, app.clock.now());
    if (settled > 0) app.log.info({ settled }, 'exam attempts handed in at their deadline');
  });
