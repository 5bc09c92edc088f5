import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createDiskImage, diskImageExists, growDiskImage, mountedAt } from '../lib/index.js';

const run = promisify(execFile);
const GiB = 1024 ** 3;

/** One mount or growth at a time per folder (an instance starting while the portal opens the disk). */
const busy = new Map<string, Promise<void>>();
/** The size in GB each folder's filesystem was last made ready at, by this process. */
const readyAt = new Map<string, number>();

/** Where a user's network disk of one region keeps its files (instances bind-mount this folder at /root/netdisk). */
export const netDiskFolder = (app: FastifyInstance, userId: number, regionCode: string) =>
  path.join(app.config.dataDir, 'net-disks', String(userId), regionCode);

/** The ext4 image behind a network disk's folder under NET_DISK_LIMIT=loop. */
export const netDiskImage = (app: FastifyInstance, userId: number, regionCode: string) =>
  path.join(app.config.dataDir, 'net-disk-images', String(userId), `${regionCode}.ext4`);

/** Files the folder kept before it had a filesystem of its own move into the image, so that mounting hides none. */
async function moveInto(image: string, folder: string) {
  const entries = await fs.readdir(folder).catch(() => []);
  if (entries.length === 0) return;
  const staging = `${image}.mnt`;
  await fs.mkdir(staging, { recursive: true });
  await run('mount', ['-o', 'loop', image, staging]);
  try {
    await run('cp', ['-a', `${folder}/.`, `${staging}/`]);
  } finally {
    await run('umount', [staging]);
    await fs.rmdir(staging);
  }
  for (const entry of entries) await fs.rm(path.join(folder, entry), { recursive: true, force: true });
}

async function mountOrGrow(app: FastifyInstance, disk: { userId: number; regionCode: string; sizeGb: number }) {
  const folder = netDiskFolder(app, disk.userId, disk.regionCode);
  const image = netDiskImage(app, disk.userId, disk.regionCode);
  await fs.mkdir(folder, { recursive: true });
  if (!(await diskImageExists(image))) await createDiskImage(image, disk.sizeGb * GiB);
  if (await mountedAt(folder)) {
    if (readyAt.get(folder) !== disk.sizeGb) await growDiskImage(image, disk.sizeGb * GiB, { onlineOnly: true });
  } else {
    await growDiskImage(image, disk.sizeGb * GiB);
    await moveInto(image, folder);
    await run('mount', ['-o', 'loop', image, folder]);
  }
  readyAt.set(folder, disk.sizeGb);
}

/**
 * The network disk's folder, ready for the portal and for instances to bind (`/root/netdisk`). Under
 * NET_DISK_LIMIT=loop it is the mount point of an ext4 image of the disk's size (DATA_DIR/net-disk-images), the same
 * filesystem for the portal and every instance: past the size, writes fail with ENOSPC inside instances too. An
 * expansion grows it online (resize2fs on the mounted loop device); a smaller size is held by the portal's quota
 * alone, as ext4 does not shrink while mounted. Mounts outlive the server (running instances keep using them); a
 * new server finds and keeps them.
 */
export async function readyNetDiskFolder(app: FastifyInstance, disk: { userId: number; regionCode: string; sizeGb: number }) {
  const folder = netDiskFolder(app, disk.userId, disk.regionCode);
  if (app.config.storage.netDiskLimit !== 'loop') {
    await fs.mkdir(folder, { recursive: true });
    return folder;
  }
  const pending = busy.get(folder) ?? Promise.resolve();
  const next = pending.catch(() => {}).then(() => mountOrGrow(app, disk));
  busy.set(folder, next);
  try {
    await next;
  } finally {
    if (busy.get(folder) === next) busy.delete(folder);
  }
  return folder;
}

/** Unmounts the network disks' filesystems of this data folder (a test's, or before removing the data for good). */
export async function unmountNetDisks(app: FastifyInstance) {
  const root = path.join(app.config.dataDir, 'net-disks');
  const table = await fs.readFile('/proc/self/mountinfo', 'utf8');
  const points = table
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((point): point is string => point !== undefined && point.startsWith(`${root}/`));
  for (const point of points) {
    await run('umount', ['-l', point]);
    readyAt.delete(point);
  }
}
