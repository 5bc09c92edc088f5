import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from '../../accounts/index.js';
import { readInstanceDisks } from './disk-readings.js';
import { stopIdleInstances } from './idle-stop.js';
import { purgeOldSamples, recordSamples } from './sampling.js';

interface MetricsPassReport {
  sampled: number;
  idleStopped: number;
  purged: number;
  disksRead: number;
}

/** Samples the running instances, reads their disks when due, stops the ones idle for their chosen time, and forgets samples past the retention. */
export async function runMetricsPass(app: FastifyInstance): Promise<MetricsPassReport> {
  const now = app.clock.now();
  const sampled = await recordSamples(app, now);
  const disksRead = await readInstanceDisks(app, now);
  const idleStopped = await stopIdleInstances(app, now);
  const purged = await purgeOldSamples(app, now);
  return { sampled, idleStopped, purged, disksRead };
}

/** Runs the metrics pass every `metricsIntervalMs`. Returns a stop function. */
export function startMetricsPass(app: FastifyInstance) {
  return startPeriodicPass(app, app.compute.settings.metricsIntervalMs, 'the instance metrics pass failed', () => runMetricsPass(app));
}
