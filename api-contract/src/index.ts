export * from './envelope.js';
export * from './common.js';
