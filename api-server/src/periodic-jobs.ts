import type { FastifyInstance } from 'fastify';
import { startScheduler } from './compute/index.js';
import { startMetricsPass } from './compute/index.js';
import { startJobSync } from './hpc/index.js';
import { startPaymentScheduler } from './billing/index.js';
import { startTaskRunner } from './storage/index.js';
import { startCommunityScheduler } from './community/index.js';
import { startExamScheduler } from './exam/index.js';
import { cleanAbandonedUploads } from './uploads/index.js';
import { startPeriodicPass } from './accounts/index.js';
import { startScheduledBackups } from './operations/index.js';

/**
 * Starts every periodic job (metering, expiry and release, metrics, HPC job sync, unpaid recharges, storage
 * tasks, community and exam passes, abandoned uploads, scheduled backups): the work one replica does for all, run only by the leader. Returns the
 * function that stops them all, waiting for passes under way.
 */
export function startPeriodicJobs(app: FastifyInstance): () => Promise<void> {
  const stops = [
    startScheduler(app),
    startMetricsPass(app),
    startJobSync(app),
    startPaymentScheduler(app.payments, app.log),
    startTaskRunner(app),
    startCommunityScheduler(app),
    startExamScheduler(app),
    startPeriodicPass(app, app.uploads.settings.cleanupIntervalMs, 'upload cleanup failed', () => cleanAbandonedUploads(app)),
    startScheduledBackups(app),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
