import { Status } from './states.js';
import {
  DriverRefusal,
  type ComputeDriver,
  type DriverInstance,
  type DriverMount,
  type InstanceSample,
  type PendingTransition,
} from './driver.js';

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

/** The usual delays, each taking 1/`speed` of its time (SIMULATED_SPEED). */
export function delaysAtSpeed(speed: number): SimulatedDelays {
  const at = (ms: number) => Math.round(ms / speed);
  const { create, start, stop, destroy, reset, commit } = defaultDelays;
  return { create: at(create), start: at(start), stop: at(stop), destroy: at(destroy), reset: at(reset), commit: at(commit) };
}

const gib = 1024 ** 3;

/**
 * No containers: each operation is a timed state change that completes once the clock passes its
 * delay. GPU allocation is real, but it lives in the database (compute_nodes.gpu_free), not here.
 * An instance's use reads as idle unless a test sets it; nothing can be logged into, and its web ports are
 * answered by SIMULATED_WEB_TARGET when one is set.
 */
export class SimulatedDriver implements ComputeDriver {
  readonly name = 'simulated';
  private readonly mounted = new Map<number, DriverMount[]>();
  private readonly loads = new Map<number, Partial<InstanceSample>>();
  private readonly exits = new Map<number, string>();
  constructor(
    private readonly delays: SimulatedDelays = defaultDelays,
    /** Answers for every port of every running instance (SIMULATED_WEB_TARGET): a stand-in for what a container would serve. */
    private readonly webTarget?: { host: string; port: number },
  ) {}

  /** What `sample` reads for the instance from now on. */
  setLoad(instanceId: number, load: Partial<InstanceSample>) {
    this.loads.set(instanceId, load);
  }

  /** The running instance's container "exits": `observe` reports it once with `reason`. */
  exit(instanceId: number, reason: string) {
    this.exits.set(instanceId, reason);
  }

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
  async commit(instance: DriverInstance, now: Date, _imageId: number) {
    // A stand-in size: the system disk's changes grow with the instance's age in the pool.
    const sizeBytes = 8 * gib + (instance.id % 64) * 128 * 1024 ** 2;
    return { ...this.after(this.delays.commit, now, Status.committing, Status.stopped), sizeBytes };
  }
  async status(instance: DriverInstance, now: Date): Promise<Status> {
    if (instance.nextStatus !== null && instance.transitionAt && instance.transitionAt <= now) return instance.nextStatus as Status;
    return instance.status as Status;
  }
  async observe(running: DriverInstance[]) {
    const stopped = new Map<number, string>();
    for (const instance of running) {
      const reason = this.exits.get(instance.id);
      if (reason === undefined) continue;
      stopped.set(instance.id, reason);
      this.exits.delete(instance.id);
    }
    return stopped;
  }
  async exec(): Promise<never> {
    throw new DriverRefusal('模拟资源池中的实例没有真实容器，无法打开终端');
  }
  async sample(instance: DriverInstance): Promise<InstanceSample> {
    const held = instance.gpuHeld > 0;
    return {
      cpuPercent: 2,
      memoryBytes: gib,
      memoryLimitBytes: 60 * gib * Math.max(1, instance.gpuHeld),
      gpuPercent: held ? 0 : null,
      gpuMemoryPercent: held ? 0 : null,
      ...this.loads.get(instance.id),
    };
  }
  async httpTarget(instance: DriverInstance) {
    return instance.status === Status.running ? (this.webTarget ?? null) : null;
  }
  /** Nothing to reach: the simulated backend is this process. */
  async probe() {}
  async close() {}
}
