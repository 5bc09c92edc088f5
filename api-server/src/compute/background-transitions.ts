import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../db/index.js';
import type { DriverInstance, PendingTransition } from './driver.js';
import type { InstanceRow } from './instance-state.js';
import { withLockedInstance } from './locked-instance.js';
import { Status } from './states.js';
import { TransitionJobs } from './transition-jobs.js';

const failureMessages: Partial<Record<Status, string>> = {
  [Status.creating]: '容器创建失败',
  [Status.starting]: '开机失败',
};

/** The transition a driver's background work is for: the row's status and when it entered it. */
export interface ExpectedTransition {
  status: number;
  transitionAt: Date;
}

/**
 * The committed row of an instance still in the `expected` transition, with the engine's step for its
 * status; null when the row has moved on meanwhile.
 */
export async function pendingStep<Step>(
  app: FastifyInstance,
  instanceId: number,
  expected: ExpectedTransition,
  work: Partial<Record<Status, Step>>,
  engineName: string,
): Promise<{ row: InstanceRow; step: Step } | null> {
  const [row] = await app.db.select().from(instances).where(eq(instances.id, instanceId));
  if (!row || row.status !== expected.status || row.transitionAt?.getTime() !== expected.transitionAt.getTime()) return null;
  const step = work[row.status as Status];
  if (!step) throw new Error(`no ${engineName} work for status ${row.status}`);
  return { row, step };
}

/**
 * The transitions of a driver whose engine works in the background (Podman, Kubernetes). Lifecycle calls
 * run inside the caller's transaction, which may still roll back, so they only answer the transition;
 * `status`, asked by the scheduler on the committed row, runs the engine's work for it (`converge`) in
 * the background and reports the transition done once that work is.
 */
export abstract class BackgroundTransitionDriver {
  protected readonly jobs = new TransitionJobs();
  /** Names the driver in log lines ('Podman driver'). */
  protected abstract readonly logName: string;
  protected abstract readonly app: FastifyInstance;

  /** Brings the engine to where the instance's transition leads ('stale' when the row has moved on). */
  protected abstract converge(instanceId: number, expected: ExpectedTransition): Promise<'done' | 'stale'>;

  protected begin(now: Date, status: Status, nextStatus: Status): PendingTransition {
    return { status, nextStatus, expectedAt: now };
  }

  async create(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.creating, Status.running);
  }
  async start(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.starting, Status.running);
  }
  async stop(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.stopping, Status.stopped);
  }
  async destroy(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.releasing, Status.released);
  }
  async reset(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.resetting, Status.stopped);
  }

  async status(instance: DriverInstance): Promise<Status> {
    if (instance.nextStatus === null || !instance.transitionAt) return instance.status as Status;
    const expected = { status: instance.status, transitionAt: instance.transitionAt };
    const job = this.jobs.check(instance, () => this.converge(instance.id, expected), {
      done: () => this.completeSoon(instance.id),
      error: (error, attempt) => this.app.log.error({ err: error, instanceId: instance.id, attempt }, `${this.logName}: transition failed`),
    });
    if (job.state === 'done') return instance.nextStatus as Status;
    if (job.state === 'failed') return Status.failed;
    return instance.status as Status;
  }

  failureReason(instance: DriverInstance) {
    const error = this.jobs.failure(instance.id);
    const message = error instanceof Error ? error.message : String(error ?? '');
    const prefix = failureMessages[instance.status as Status] ?? '操作失败';
    return `${prefix}：${message}`.slice(0, 200);
  }

  /** Completes the transition at once instead of at the scheduler's next tick (the same locked step it takes). */
  private async completeSoon(instanceId: number) {
    await withLockedInstance(this.app, instanceId, async () => true).catch((error: unknown) =>
      this.app.log.warn({ err: error, instanceId }, `${this.logName}: completing a transition waits for the scheduler`),
    );
  }
}
