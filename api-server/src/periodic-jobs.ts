import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from './accounts/index.js';
import { runBillingPass, startPaymentScheduler, type BillingPassReport } from './billing/index.js';
import { startCommunityScheduler } from './community/index.js';
import { runComputePass, startMetricsPass, startScheduler, type PassReport } from './compute/index.js';
import { startExamScheduler } from './exam/index.js';
import { startJobSync } from './hpc/index.js';
import { startScheduledBackups } from './operations/index.js';
import { runStoragePass, startTaskRunner, type StoragePassReport } from './storage/index.js';
import { cleanAbandonedUploads } from './uploads/index.js';

/**
 * One pass of the work each domain does at the metering interval, in the order the timers first run it: compute
 * (transitions, metering, stops, expiry, release, the GPU queue), billing (matured income, stuck payouts), storage
 * (trash, disk charges). Tests call it to move the clock's consequences along.
 */
export async function runMeteringPasses(app: FastifyInstance): Promise<PassReport & BillingPassReport & StoragePassReport> {
  const compute = await runComputePass(app);
  const billing = await runBillingPass(app);
  const storage = await runStoragePass(app);
  return { ...compute, ...billing, ...storage };
}

/**
 * Starts every periodic job, each domain its own (compute's scheduler and metrics, billing's pass and unpaid
 * recharges, storage's pass and tasks, HPC job sync, community and exam passes, abandoned uploads, scheduled
 * backups): the work one replica does for all, run only by the leader. Returns the function that stops them all,
 * waiting for passes under way.
 */
export function startPeriodicJobs(app: FastifyInstance): () => Promise<void> {
  const { meteringIntervalMs } = app.compute.settings;
  const stops = [
    startScheduler(app),
    startMetricsPass(app),
    startPeriodicPass(app, meteringIntervalMs, 'billing pass failed', () => runBillingPass(app)),
    startPaymentScheduler(app.payments, app.log),
    startPeriodicPass(app, meteringIntervalMs, 'storage pass failed', () => runStoragePass(app)),
    startTaskRunner(app),
    startJobSync(app),
    startCommunityScheduler(app),
    startExamScheduler(app),
    startPeriodicPass(app, app.uploads.settings.cleanupIntervalMs, 'upload cleanup failed', () => cleanAbandonedUploads(app)),
    startScheduledBackups(app),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
