import type { FastifyInstance } from 'fastify';
import { startScheduler } from './compute/scheduler.js';
import { startMetricsPass } from './compute/instance-metrics/metrics-pass.js';
import { startJobSync } from './hpc/job-sync.js';
import { startPaymentScheduler } from './billing/payments/payment-scheduler.js';
import { startTaskRunner } from './storage/task-runner.js';
import { startCommunityScheduler } from './community/community-scheduler.js';
import { startExamScheduler } from './exam/exam-scheduler.js';
import { cleanAbandonedUploads } from './uploads/cleanup.js';
import { startPeriodicPass } from './accounts/periodic-pass.js';
import { startScheduledBackups } from './operations/scheduled-backups.js';

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
