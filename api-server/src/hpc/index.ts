export { HpcAccountStatus } from './account-status.js';
export { accountViews, applyForAccount, approveAccount, rejectAccount, reviewPage } from './accounts.js';
export { cancelJob, estimateSubmission, releaseJob, submitJob, type SubmitOutcome } from './job-submission.js';
export { jobTemplates } from './job-templates.js';
export { jobDetailOf, pageOfJobs } from './job-views.js';
export { hpcOverview } from './overview.js';
export { buyPackage, packageProducts, packagesOf, quotePackage } from './packages.js';
export { partitionViews } from './partition-views.js';
