import type { FastifyInstance } from 'fastify';
import { startPeriodicPass } from '../accounts/index.js';
import { forgetTaskRunner, registerTaskRunner } from './task-runner-wake.js';
import { runPendingTasks } from './tasks.js';

/**
 * Runs storage tasks in the background: at once when this process queues one (`wakeTaskRunner`), every `intervalMs`
 * whatever was queued through another replica, and at its first tick whatever a previous process left running.
 * Polling every 500 ms instead kept an idle server's database busy with a query every half second. Returns a stop
 * function that waits for the file in hand.
 */
export function startTaskRunner(app: FastifyInstance, intervalMs = 5_000): () => Promise<void> {
  const runner = startPeriodicPass(app, intervalMs, 'storage task runner failed', () => runPendingTasks(app));
  registerTaskRunner(app, runner);
  return async () => {
    forgetTaskRunner(app);
    await runner();
  };
}
