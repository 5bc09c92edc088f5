export { HpcAccountStatus, unixNameOf } from './account-status.js';
export { accountFoldersOf, syncChaosuanStatus } from './accounts.js';
export { clusterAccountOf } from './cluster-paths.js';
export { createScheduler } from './create-scheduler.js';
export { startJobSync } from './job-sync.js';
export { ensurePartitions, type HpcDefaultPrices, hpcPricesKey } from './partitions.js';
export type { HpcScheduler } from './scheduler.js';
