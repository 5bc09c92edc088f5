import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from '../accounts/index.js';
import { runPendingTasks } from './tasks.js';

/**
 * Runs storage tasks in the background: every `intervalMs` it takes up whatever is queued, and at
 * its first tick whatever a previous process left running. Returns a stop function that waits for
 * the file in hand.
 */
export const startTaskRunner = (app: FastifyInstance, intervalMs = 500): (() => Promise<void>) =>
  startPeriodicPass(app, intervalMs, 'storage task runner failed', () => runPendingTasks(app));
