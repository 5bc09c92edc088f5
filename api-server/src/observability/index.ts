export { type LogDestination, loggerOptions } from './logger-options.js';
export { checkReadiness } from './readiness.js';
export { requestIdOf } from './request-id.js';
export { SchedulerState } from './scheduler-state.js';
export { createServerMetrics, type ServerMetrics } from './server-metrics.js';
