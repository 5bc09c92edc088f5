export { startCommunityScheduler } from './community-scheduler.js';
export { recomputeHotScores } from './hot-ranking.js';
export { compareCuda, imageFit } from './image-compatibility.js';
export { enforcePostingLimit, sensitiveWordsIn, sensitiveWordsKey, statusOnSubmit } from './moderation.js';
export { holdBounty } from './question-bounty.js';
export { refreshQuestionHotScore } from './question-ranking.js';
export { syncQuestionIndex } from './questions.js';
