export { createLeaderLock } from './leader-lock.js';
export { startLeadership } from './leadership.js';
export { schedulerLockHolder } from './lock-holder.js';
