import type { Executor } from '../db/index.js';

/**
 * What storage asks of the instances that mount its disks and datasets. Compute answers it (`app.compute.mounts`,
 * plugins/app/compute.ts), so disk mounts run compute → storage and storage never imports compute.
 */
export interface InstanceMounts {
  /** A network disk just activated: its owner's instances in its region that are up mount it too. */
  mountOnLiveInstances(tx: Executor, disk: { id: number; userId: number; regionCode: string }): Promise<unknown>;
  /** The instances (not released) that mount a dataset. */
  instancesMounting(tx: Executor, datasetId: number): Promise<{ name: string }[]>;
}
