import type { FastifyInstance } from 'fastify';
import type { PeriodicPass } from '../accounts/index.js';

/**
 * The task runner this process runs (the leader's; storage/task-runner.ts), by the database it takes tasks from: a route
 * sees its own encapsulated instance, not the app the runner was started with, but the same database.
 */
const runners = new WeakMap<FastifyInstance['db'], PeriodicPass>();

export function registerTaskRunner(app: FastifyInstance, runner: PeriodicPass): void {
  runners.set(app.db, runner);
}

export function forgetTaskRunner(app: FastifyInstance): void {
  runners.delete(app.db);
}

/** Tells the task runner, where this process runs it, that a task was queued: it takes it up at once. */
export function wakeTaskRunner(app: FastifyInstance): void {
  runners.get(app.db)?.runSoon();
}
