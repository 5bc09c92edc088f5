import type { FastifyInstance } from 'fastify';
import { withUserChanges } from './user-changes.js';

/** Stops a periodic pass, waiting for a running one; `runSoon` asks for a pass now, or as soon as the running one ends. */
export type PeriodicPass = (() => Promise<void>) & { runSoon(): void };

/**
 * Runs `pass` now and then every `intervalMs`, never two at once (a tick while one runs is skipped); a failure is
 * logged as `failure` and the next tick tries again. What a pass changes about users is heard when it ends.
 */
export function startPeriodicPass(app: FastifyInstance, intervalMs: number, failure: string, pass: () => Promise<unknown>): PeriodicPass {
  let running: Promise<void> | null = null;
  let wantedAgain = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        await withUserChanges(app.userChanges.hear, pass);
      } catch (error) {
        app.log.error({ err: error }, failure);
      } finally {
        running = null;
        if (wantedAgain) {
          wantedAgain = false;
          tick();
        }
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  return Object.assign(stop, {
    runSoon() {
      if (running) wantedAgain = true;
      else tick();
    },
  });
}
