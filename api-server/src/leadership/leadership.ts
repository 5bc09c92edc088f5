import type { FastifyBaseLogger } from 'fastify';
import type { LeaderLock } from './leader-lock.js';

export interface Leadership {
  /** Whether this process runs the periodic jobs now. */
  readonly leading: boolean;
  /** Stops the work (waiting for a running pass), gives up the lock and stops asking for it. */
  stop(): Promise<void>;
}

/**
 * Runs `lead` (which starts the periodic work and returns its stop function) only while this process holds
 * `lock`: asks for it every `retryMs` while following, checks it at the same pace while leading, and stops the
 * work at once when it is lost, then asks again.
 */
export function startLeadership(
  lock: LeaderLock,
  options: { retryMs: number; log: FastifyBaseLogger; replicaId: string; lead: () => () => Promise<void> },
): Leadership {
  const { log, replicaId } = options;
  let stopWork: (() => Promise<void>) | null = null;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();

  const lose = () => {
    const stopping = stopWork;
    if (!stopping) return;
    stopWork = null;
    log.warn({ replica: replicaId }, 'lost the scheduler lock: periodic jobs stopped on this replica');
    turn = Promise.all([turn, stopping()]).then(() => {});
  };

  const step = async () => {
    if (stopWork) return lock.check();
    if (!(await lock.tryAcquire(lose)) || stopped) return;
    stopWork = options.lead();
    log.info({ replica: replicaId }, 'this replica leads: it runs the periodic jobs');
  };

  let running = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    turn = turn
      .then(step)
      .catch((error: unknown) => log.error({ err: error }, 'asking for the scheduler lock failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, options.retryMs);
  tick();

  return {
    get leading() {
      return stopWork !== null;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await turn;
      const stopping = stopWork;
      stopWork = null;
      await stopping?.();
      await lock.release();
    },
  };
}
