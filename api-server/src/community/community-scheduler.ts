import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from '../accounts/index.js';
import { recomputeHotScores } from './hot-ranking.js';
import { refundExpiredBounties } from './question-bounty.js';
import { recomputeQuestionHotScores } from './question-ranking.js';

const intervalMs = 10 * 60_000;

/**
 * The community's periodic work, every 10 minutes: the blogs' and questions' hot ranking is recomputed and bounties
 * nobody was awarded within their time go back to the askers. Returns a stop function.
 */
export const startCommunityScheduler = (app: FastifyInstance): (() => Promise<void>) =>
  startPeriodicPass(app, intervalMs, 'the community pass failed', async () => {
    const scored = await recomputeHotScores(app.db, app.clock.now());
    const questionsScored = await recomputeQuestionHotScores(app.db, app.clock.now());
    app.log.debug({ scored, questionsScored }, 'hot ranking recomputed');
    const refunded = await refundExpiredBounties(app);
    if (refunded > 0) app.log.info({ refunded }, 'expired question bounties refunded');
  });
