import { and, eq, inArray } from 'drizzle-orm';
import { instanceMounts, instances, netDisks, type Executor } from '../db/index.js';
import type { ComputeDriver } from './driver.js';
import { mountsOf } from './instance-mounts.js';
import { Status } from './states.js';

/** Where an instance sees its region's network disk. */
export const netDiskMountPath = '/root/netdisk';

async function mount(tx: Executor, instanceId: number, diskId: number) {
  await tx
    .insert(instanceMounts)
    .values({ instanceId, mountPath: netDiskMountPath, kind: 'netdisk', sourceId: diskId, readOnly: false })
    .onConflictDoNothing();
}

/** Records that an instance being created or started mounts its owner's network disk of its region, when there is one. */
export async function mountRegionNetDisk(tx: Executor, instance: { id: number; userId: number; regionCode: string }) {
  const [disk] = await tx
    .select({ id: netDisks.id })
    .from(netDisks)
    .where(and(eq(netDisks.userId, instance.userId), eq(netDisks.regionCode, instance.regionCode)));
  if (disk) await mount(tx, instance.id, disk.id);
}

/** A disk just activated: the owner's instances in its region that are up (or coming up) mount it too, the running ones at once. */
export async function mountOnLiveInstances(tx: Executor, driver: ComputeDriver, disk: { id: number; userId: number; regionCode: string }) {
  const live = await tx
    .select()
    .from(instances)
    .where(
      and(
        eq(instances.userId, disk.userId),
        eq(instances.regionCode, disk.regionCode),
        inArray(instances.status, [Status.creating, Status.starting, Status.running]),
      ),
    );
  for (const instance of live) {
    await mount(tx, instance.id, disk.id);
    if (instance.status === Status.running) await driver.remount(instance, await mountsOf(tx, instance.id));
  }
  return live.length;
}
