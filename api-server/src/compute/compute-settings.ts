import type { ComputeDriver } from './driver.js';
import { SimulatedDriver } from './simulated-driver.js';

export interface ComputeSettings {
  /** A stopped pay-as-you-go instance is released after this many days, warned `releaseWarningDays` before. */
  releaseAfterStoppedDays: number;
  releaseWarningDays: number;
  /** The scheduler advances transitions this often, and settles metering at least every `meteringIntervalMs`. */
  transitionIntervalMs: number;
  meteringIntervalMs: number;
  /** Rows per metering statement. */
  meteringBatchSize: number;
}

export function loadComputeSettings(env: NodeJS.ProcessEnv = process.env): ComputeSettings {
  const days = Number(env.RELEASE_AFTER_STOPPED_DAYS ?? 15);
  if (!Number.isFinite(days) || days <= 0) throw new Error(`RELEASE_AFTER_STOPPED_DAYS must be a positive number, got "${env.RELEASE_AFTER_STOPPED_DAYS}"`);
  return { releaseAfterStoppedDays: days, releaseWarningDays: 3, transitionIntervalMs: 1_000, meteringIntervalMs: 30_000, meteringBatchSize: 100_000 };
}

export function createDriver(env: NodeJS.ProcessEnv = process.env): ComputeDriver {
  const name = env.COMPUTE_DRIVER ?? 'simulated';
  if (name === 'simulated') return new SimulatedDriver();
  throw new Error(`COMPUTE_DRIVER "${name}" is not available (known: simulated)`);
}
