import type { FastifyInstance } from 'fastify';
import { cloudDiskUsage } from './cloud-disk.js';
import { meterStorage, type StorageMeteringReport } from './storage-metering.js';
import { sweepTrash } from './trash.js';

export interface StoragePassReport {
  trash: { purged: number; warned: number };
  storage: StorageMeteringReport;
}

/** Storage's periodic work: the trash past its keeping time is purged, and the disks are charged for their days. */
export async function runStoragePass(app: FastifyInstance): Promise<StoragePassReport> {
  const trash = await sweepTrash(app);
  const storage = await meterStorage(app, cloudDiskUsage);
  return { trash, storage };
}
