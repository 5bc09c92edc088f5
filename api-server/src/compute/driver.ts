import type { Status } from './states.js';

/** What a driver needs to know about an instance to act on it. */
export interface DriverInstance {
  id: number;
  nodeId: number;
  gpuHeld: number;
  imageId: number;
  status: number;
  nextStatus: number | null;
  transitionAt: Date | null;
}

/** An operation the driver has begun: the instance shows `status` until it reaches `nextStatus`. */
export interface PendingTransition {
  status: Status;
  nextStatus: Status;
  /** When the driver expects it done; the scheduler asks `status` from then on. */
  expectedAt: Date;
}

/** A folder the instance sees: its region's network disk at /root/netdisk, a dataset read-only at /root/public-data/<name>. */
export interface DriverMount {
  path: string;
  kind: 'netdisk' | 'dataset';
  /** The network disk's id or the dataset's id. */
  sourceId: number;
  readOnly: boolean;
}

/**
 * The container backend behind every instance call. Calls are made inside the caller's
 * transaction after the database side is decided; `status` reports where the instance really is.
 */
export interface ComputeDriver {
  readonly name: string;
  create(instance: DriverInstance, now: Date, mounts: DriverMount[]): Promise<PendingTransition>;
  start(instance: DriverInstance, now: Date, mounts: DriverMount[]): Promise<PendingTransition>;
  /** Applies a changed set of mounts to a running instance. */
  remount(instance: DriverInstance, mounts: DriverMount[]): Promise<void>;
  stop(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  destroy(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  reset(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  commit(instance: DriverInstance, now: Date): Promise<PendingTransition & { sizeBytes: number }>;
  status(instance: DriverInstance, now: Date): Promise<Status>;
}
