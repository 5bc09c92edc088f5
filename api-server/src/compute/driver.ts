import type { Readable, Writable } from 'node:stream';
import type { instances } from '../db/index.js';
import type { Status } from './states.js';
import { AppError } from '../errors.js';

/** What a driver needs to know about an instance to act on it (a row of `instances`). */
export type DriverInstance = Pick<
  typeof instances.$inferSelect,
  | 'id'
  | 'name'
  | 'nodeId'
  | 'gpuHeld'
  | 'gpuIndices'
  | 'imageId'
  | 'status'
  | 'nextStatus'
  | 'transitionAt'
  | 'clonedFromId'
  | 'sshPassword'
>;

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

/** A process to run inside a running instance. */
export interface ExecOptions {
  /** The argv to run; null runs the login shell. */
  command: string[] | null;
  /** A terminal of this size, or none (then stdout and stderr stay apart). */
  tty: { cols: number; rows: number; term: string } | null;
  env?: Record<string, string>;
}

/** A process running inside an instance. */
export interface ExecSession {
  stdin: Writable;
  stdout: Readable;
  /** Ends at once when the session has a terminal (everything arrives on stdout). */
  stderr: Readable;
  resize(cols: number, rows: number): Promise<void>;
  /** The exit code once the process ended. */
  exited: Promise<number>;
  /** Ends the process (the client went away). */
  kill(): Promise<void>;
}

/** One reading of a running instance's use. */
export interface InstanceSample {
  /** Percent of one CPU: 200 is two CPUs busy. */
  cpuPercent: number;
  memoryBytes: number;
  memoryLimitBytes: number;
  /** Mean over the instance's GPUs; null when it holds none. */
  gpuPercent: number | null;
  gpuMemoryPercent: number | null;
}

/** How an expansion reached the data disk: grown now, at the next start, or not at all (a disk without a size limit). */
export type DataDiskGrowth = 'online' | 'nextStart' | 'unlimited';

/** The instance's disks as its engine reads them; a null figure could not be read. */
export interface DiskUsage {
  /** The system disk: what the instance wrote over its image, and the limit its storage enforces (null: none). */
  system: { usedBytes: number | null; limitBytes: number | null };
  /** The data disk (read only while mounted), or not `limited` when it is a plain folder without a size. */
  data: { limited: boolean; usedBytes: number | null; sizeBytes: number | null };
}

/** Thrown by a driver that cannot do what was asked for a reason the user should read (the message is Chinese); a call answers it as 409. */
export class DriverRefusal extends AppError {
  constructor(message: string) {
    super(409, message);
    this.name = 'DriverRefusal';
  }
}

/**
 * The container backend behind every instance call. Lifecycle calls are made inside the caller's
 * transaction after the database side is decided, and only begin the change: `status` reports where
 * the instance really is, and the scheduler completes the transition once it matches.
 */
export interface ComputeDriver {
  readonly name: string;
  create(instance: DriverInstance, now: Date, mounts: DriverMount[]): Promise<PendingTransition>;
  start(instance: DriverInstance, now: Date, mounts: DriverMount[]): Promise<PendingTransition>;
  /** Applies a changed set of mounts to a running instance. */
  remount(instance: DriverInstance, mounts: DriverMount[]): Promise<void>;
  stop(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  destroy(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  /** Recreates the system disk from the instance's image (its `imageId`, which a change of image has already set), keeping the data disk. */
  reset(instance: DriverInstance, now: Date): Promise<PendingTransition>;
  /** Saves the system disk as the private image `imageId` (a row already written, status 0); its size is known once done. */
  commit(instance: DriverInstance, now: Date, imageId: number): Promise<PendingTransition & { sizeBytes: number }>;
  /** Where the instance is: its `nextStatus` once the operation is done, `Status.failed` once it failed for good (see `failureReason`). */
  status(instance: DriverInstance, now: Date): Promise<Status>;
  /** Why the instance's operation failed, after `status` answered `Status.failed` (Chinese, for the user). */
  failureReason?(instance: DriverInstance): string | null;
  /** Of these instances the database holds as running, the ones that are not, each with why it stopped. */
  observe(running: DriverInstance[]): Promise<Map<number, string>>;
  /** Opens a process in a running instance (DriverRefusal when the driver runs no containers). */
  exec(instance: DriverInstance, options: ExecOptions): Promise<ExecSession>;
  /** The running instance's use now; null when it cannot be read. */
  sample(instance: DriverInstance): Promise<InstanceSample | null>;
  /** Grows the data disk to the size the committed row says was bought (after an expansion); absent where the engine's disks do not grow. */
  growDataDisk?(instance: DriverInstance): Promise<DataDiskGrowth>;
  /** The instance's disks' use and sizes; absent where the engine has no disks to read. */
  diskUsage?(instance: DriverInstance): Promise<DiskUsage>;
  /** Where a port inside the running instance is reached from this server; null when it cannot be. */
  httpTarget(instance: DriverInstance, port: number): Promise<{ host: string; port: number } | null>;
  /** Rejects when the backend cannot be reached now (the readiness check); cheap, changes nothing. */
  probe(): Promise<void>;
  /** Lets go of connections and background work (the server is closing). */
  close(): Promise<void>;
}
