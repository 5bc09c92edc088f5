import fs from 'node:fs/promises';
import path from 'node:path';
import type Dockerode from 'dockerode';
import type { FastifyInstance } from 'fastify';
import type { DataDiskGrowth } from '../driver.js';
import type { InstanceRow } from '../instance-state.js';
import { loadSitePrices } from '../prices.js';
import type { ContainerPlan } from './container-plan.js';
import { createDiskImage, diskImageExists, growDiskImage, loopDeviceOf, removeDiskImage } from '../../lib/index.js';
import { copyVolume, createVolume, removeVolume, volumeExists, volumeMountpoint } from './podman-calls.js';
import type { podmanNames } from './podman-names.js';

const GiB = 1024 ** 3;

/** What the data volume's steps need of the driver. */
export interface DataVolumeContext {
  app: FastifyInstance;
  docker: Dockerode;
  names: ReturnType<typeof podmanNames>;
  /** The folder of the data disks' images (DATA_DIR/disks). */
  disksDir: string;
  ulimits: ContainerPlan['ulimits'];
}

const imageOf = (ctx: DataVolumeContext, instanceId: number) => path.join(ctx.disksDir, ctx.names.dataDiskImage(instanceId));

/** The data disk bought: the site's free size plus the instance's expansion. */
async function boughtBytes(ctx: DataVolumeContext, row: Pick<InstanceRow, 'dataDiskExtraGb'>) {
  return ((await loadSitePrices(ctx.app.db)).freeDataDiskGb + row.dataDiskExtraGb) * GiB;
}

/**
 * The data volume exists at the size bought: an ext4 image loop-mounted by Podman, grown here (the container is
 * not running) when an expansion could not be applied online. A clone's starts as a copy of its source's. A volume
 * made before disks had sizes has no image: it is kept as it is, without a limit.
 */
export async function ensureDataVolume(ctx: DataVolumeContext, row: InstanceRow, image: string) {
  const volume = ctx.names.dataVolume(row.id);
  const file = imageOf(ctx, row.id);
  const bytes = await boughtBytes(ctx, row);
  if (await volumeExists(ctx.docker, volume)) {
    if (await diskImageExists(file)) await growDiskImage(file, bytes);
    return;
  }
  await createDiskImage(file, bytes);
  try {
    await createVolume(ctx.docker, volume, ctx.names.labels(row.id), { device: file, type: 'ext4', o: 'loop' });
    if (row.clonedFromId !== null)
      await copyVolume(ctx.docker, {
        from: ctx.names.dataVolume(row.clonedFromId),
        to: volume,
        image,
        name: ctx.names.copier(row.id),
        labels: ctx.names.labels(row.id),
        ulimits: ctx.ulimits,
      });
  } catch (error) {
    await removeVolume(ctx.docker, volume);
    await removeDiskImage(file);
    throw error;
  }
}

/** Removes the volume and its image; answers whether both are gone. */
export async function removeDataVolume(ctx: DataVolumeContext, instanceId: number) {
  const volume = ctx.names.dataVolume(instanceId);
  await removeVolume(ctx.docker, volume);
  await removeDiskImage(imageOf(ctx, instanceId));
  return !(await volumeExists(ctx.docker, volume)) && !(await diskImageExists(imageOf(ctx, instanceId)));
}

/** Grows the data disk to what the committed row says was bought: online when its container has it mounted and the kernel allows. */
export async function growDataVolume(ctx: DataVolumeContext, row: InstanceRow): Promise<DataDiskGrowth> {
  const file = imageOf(ctx, row.id);
  if (!(await diskImageExists(file))) return 'unlimited';
  return (await growDiskImage(file, await boughtBytes(ctx, row), { onlineOnly: true })) === 'online' ? 'online' : 'nextStart';
}

/** The data disk's use and size, read while its container has it mounted; no reading when it is not, no limit when it has no image. */
export async function dataVolumeUsage(ctx: DataVolumeContext, instanceId: number) {
  const file = imageOf(ctx, instanceId);
  if (!(await diskImageExists(file))) return { limited: false as const };
  const mountpoint = (await loopDeviceOf(file)) ? await volumeMountpoint(ctx.docker, ctx.names.dataVolume(instanceId)) : null;
  const stats = mountpoint ? await fs.statfs(mountpoint) : null;
  return {
    limited: true as const,
    reading: stats && { usedBytes: (stats.blocks - stats.bfree) * stats.bsize, sizeBytes: stats.blocks * stats.bsize },
  };
}
