export { cachedAnswer } from './cached-answer.js';
export { createSharedState } from './create-shared-state.js';
export type { SharedState, StreamEvent, VersionCounters } from './shared-state.js';
