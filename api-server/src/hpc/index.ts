export { HpcAccountStatus, unixNameOf } from './account-status.js';
export {
  accountFoldersOf,
  accountViews,
  applyForAccount,
  approveAccount,
  rejectAccount,
  reviewPage,
  syncChaosuanStatus,
} from './accounts.js';
export { clusterAccountOf } from './cluster-paths.js';
export { createScheduler } from './create-scheduler.js';
export { jobOutputOf } from './job-output.js';
export { cancelJob, estimateSubmission, releaseJob, submitJob, type SubmitOutcome } from './job-submission.js';
export { startJobSync } from './job-sync.js';
export { jobTemplates } from './job-templates.js';
export { jobDetailOf, pageOfJobs } from './job-views.js';
export { hpcOverview } from './overview.js';
export { buyPackage, packageProducts, packagesOf, quotePackage } from './packages.js';
export { partitionViews } from './partition-views.js';
export { ensurePartitions, type HpcDefaultPrices, hpcPricesKey } from './partitions.js';
export type { HpcScheduler } from './scheduler.js';
