import type { FastifyInstance } from 'fastify';
import { recomputeHotScores } from './hot-ranking.js';
import { refundExpiredBounties } from './question-bounty.js';
import { recomputeQuestionHotScores } from './question-ranking.js';

const intervalMs = 10 * 60_000;

/**
 * The community's periodic work, every 10 minutes: the blogs' and questions' hot ranking is recomputed and bounties
 * nobody was awarded within their time go back to the askers. Returns a stop function.
 */
export function startCommunityScheduler(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const scored = await recomputeHotScores(app.db, app.clock.now());
        const questionsScored = await recomputeQuestionHotScores(app.db, app.clock.now());
        app.log.debug({ scored, questionsScored }, 'hot ranking recomputed');
        const refunded = await refundExpiredBounties(app);
        if (refunded > 0) app.log.info({ refunded }, 'expired question bounties refunded');
      } catch (error) {
        app.log.error({ err: error }, 'the community pass failed');
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
