import { Status } from './states.js';
import type { ComputeDriver, DriverInstance, DriverMount, PendingTransition } from './driver.js';

/** How long each simulated operation takes, in ms. */
export interface SimulatedDelays {
  create: number;
  start: number;
  stop: number;
  destroy: number;
  reset: number;
  commit: number;
}

export const defaultDelays: SimulatedDelays = { create: 8_000, start: 5_000, stop: 3_000, destroy: 3_000, reset: 6_000, commit: 10_000 };

const gib = 1024 ** 3;

/**
 * No containers: each operation is a timed state change that completes once the clock passes its
 * delay. GPU allocation is real, but it lives in the database (compute_nodes.gpu_free), not here.
 */
export class SimulatedDriver implements ComputeDriver {
  readonly name = 'simulated';
  private readonly mounted = new Map<number, DriverMount[]>();
  constructor(private readonly delays: SimulatedDelays = defaultDelays) {}

  /** What the instance was last given to mount (on create, start or remount). */
  mountsOf(instanceId: number): DriverMount[] {
    return this.mounted.get(instanceId) ?? [];
  }

  private after(ms: number, now: Date, status: Status, nextStatus: Status): PendingTransition {
    return { status, nextStatus, expectedAt: new Date(now.getTime() + ms) };
  }

  async create(instance: DriverInstance, now: Date, mounts: DriverMount[]) {
    this.mounted.set(instance.id, mounts);
    return this.after(this.delays.create, now, Status.creating, Status.running);
  }
  async start(instance: DriverInstance, now: Date, mounts: DriverMount[]) {
    this.mounted.set(instance.id, mounts);
    return this.after(this.delays.start, now, Status.starting, Status.running);
  }
  async stop(_instance: DriverInstance, now: Date) {
    return this.after(this.delays.stop, now, Status.stopping, Status.stopped);
  }
  async remount(instance: DriverInstance, mounts: DriverMount[]) {
    this.mounted.set(instance.id, mounts);
  }
  async destroy(instance: DriverInstance, now: Date) {
    this.mounted.delete(instance.id);
    return this.after(this.delays.destroy, now, Status.releasing, Status.released);
  }
  async reset(_instance: DriverInstance, now: Date) {
    return this.after(this.delays.reset, now, Status.resetting, Status.stopped);
  }
  async commit(instance: DriverInstance, now: Date) {
    // A stand-in size: the system disk's changes grow with the instance's age in the pool.
    const sizeBytes = 8 * gib + (instance.id % 64) * 128 * 1024 ** 2;
    return { ...this.after(this.delays.commit, now, Status.committing, Status.stopped), sizeBytes };
  }
  async status(instance: DriverInstance, now: Date): Promise<Status> {
    if (instance.nextStatus !== null && instance.transitionAt && instance.transitionAt <= now) return instance.nextStatus as Status;
    return instance.status as Status;
  }
}
