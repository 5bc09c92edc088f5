export { markAttempt } from './exam-marking.js';
export { startExamScheduler } from './exam-scheduler.js';
export { syncGradeAdminFlag } from './grade-roles.js';
