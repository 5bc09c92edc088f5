import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { createInProcessState } from './in-process-state.js';
import type { SharedState } from './shared-state.js';

/** Events a client can resume from after a dropped connection, per stream. */
const retainEvents = 200;

/** Redis when `REDIS_URL` names one, so that replicas share it (its client loaded only then); otherwise this process's memory. */
export async function createSharedState(config: AppConfig, clock: Clock): Promise<SharedState> {
  if (config.redisUrl) return (await import('./redis-state.js')).createRedisState(config.redisUrl, clock, { retainEvents });
  return createInProcessState(clock, { retainEvents });
}
