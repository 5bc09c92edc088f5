import type { FastifyInstance } from 'fastify';
import { recomputeHotScores } from './hot-ranking.js';

const hotRankingIntervalMs = 10 * 60_000;

/** The community's periodic work: the hot ranking is recomputed every 10 minutes. Returns a stop function. */
export function startCommunityScheduler(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const scored = await recomputeHotScores(app.db, app.clock.now());
        app.log.debug({ scored }, 'hot ranking recomputed');
      } catch (error) {
        app.log.error({ err: error }, 'recomputing the hot ranking failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, hotRankingIntervalMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
