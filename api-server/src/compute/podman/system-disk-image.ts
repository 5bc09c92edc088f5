import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DataVolumeContext } from './data-volume.js';
import { createDiskImage, diskImageExists, growDiskImage, removeDiskImage } from '../../lib/index.js';
import { pinOverlayFolder } from './overlay-pin.js';
import { inspectContainer } from './podman-calls.js';

const run = promisify(execFile);

/**
 * The system disk under SYSTEM_DISK_LIMIT=loop, where Podman's storage quota cannot work (overlay on anything but XFS
 * with project quotas): the container's overlay layer folder (its `diff`, where the instance's writes go, and `work`,
 * which overlay needs on the same filesystem) becomes the mount point of a sparse ext4 image of the system disk's
 * size. Inside, `df /` shows that size and a write past it fails with ENOSPC; the host spends only the blocks written.
 * Podman knows nothing of the mount: it is made before each start (mounts do not survive a reboot) and Podman's own
 * removal of the container unmounts it. It lies under Podman's overlay folder, which is pinned mounted for it.
 */

/** The container's layer folder (the parent of overlay's upper and work folders) and the container's id. */
async function writableLayerOf(ctx: DataVolumeContext, instanceId: number) {
  const info = await inspectContainer(ctx.docker, ctx.names.container(instanceId));
  const upper = (info?.GraphDriver as { Data?: { UpperDir?: string } } | undefined)?.Data?.UpperDir;
  if (!info || !upper) throw new Error(`Podman shows no overlay layer for instance ${instanceId}'s container`);
  return { containerId: info.Id, layerDir: path.dirname(upper), running: info.State.Running };
}

/** Whether a filesystem of its own shows at `folder` (not one mounted there but hidden under a later mount). */
async function showsOwnFilesystem(folder: string) {
  const [inside, parent] = await Promise.all([fs.stat(folder), fs.stat(path.dirname(folder))]);
  return inside.dev !== parent.dev;
}

/** The image holding what the layer folder holds now (a copy made in a file of its own, renamed once complete). */
async function fillImage(file: string, layerDir: string, bytes: number) {
  const partial = `${file}.new`;
  const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'rc-system-disk-'));
  await createDiskImage(partial, bytes);
  try {
    await run('mount', ['-o', 'loop', partial, mountPoint]);
    try {
      await run('cp', ['-a', `${layerDir}/.`, mountPoint]);
    } finally {
      await run('umount', ['-d', mountPoint]);
    }
    await fs.rename(partial, file);
  } finally {
    await removeDiskImage(partial);
    await fs.rmdir(mountPoint);
  }
}

/**
 * Before the stopped container starts (or is committed): its layer folder is the mount of its image, of `bytes` at
 * least. A new container's layer is copied into a new image; images of the instance's earlier containers go. A
 * larger size grows the mounted image online where the kernel allows, else here, unmounted. A layer that holds
 * more than the size (a container from before the setting) cannot be copied in: it is left as it is, without a cap.
 */
export async function mountSystemDiskImage(ctx: DataVolumeContext, instanceId: number, bytes: number) {
  const { containerId, layerDir, running } = await writableLayerOf(ctx, instanceId);
  if (running) return;
  await pinOverlayFolder(ctx, path.dirname(layerDir));
  const file = path.join(ctx.disksDir, ctx.names.systemDiskImage(instanceId, containerId));
  await removeSystemDiskImages(ctx, instanceId, file);
  if (await showsOwnFilesystem(layerDir)) {
    if ((await growDiskImage(file, bytes)) !== 'refused') return;
    await run('umount', ['-d', layerDir]);
  }
  if (await diskImageExists(file)) await growDiskImage(file, bytes);
  else
    try {
      await fillImage(file, layerDir, bytes);
    } catch (error) {
      ctx.app.log.warn({ err: error, instanceId }, 'the system disk does not fit its size: it stays without a cap');
      return;
    }
  await run('mount', ['-o', 'loop', file, layerDir]);
}

/** Removes the instance's system disk images (all, or all but `keep`); the container that had them mounted is gone. */
export async function removeSystemDiskImages(ctx: DataVolumeContext, instanceId: number, keep?: string) {
  const prefix = ctx.names.systemDiskImagePrefix(instanceId);
  const files = await fs.readdir(ctx.disksDir).catch(() => []);
  for (const name of files)
    if (name.startsWith(prefix) && path.join(ctx.disksDir, name) !== keep) await removeDiskImage(path.join(ctx.disksDir, name));
}

/** The size of the system disk's filesystem while its image is mounted under the container's layer, else null. */
export async function systemDiskImageBytes(ctx: DataVolumeContext, instanceId: number) {
  const layer = await writableLayerOf(ctx, instanceId).catch(() => null);
  if (!layer || !(await showsOwnFilesystem(layer.layerDir))) return null;
  const stats = await fs.statfs(layer.layerDir);
  return stats.blocks * stats.bsize;
}
