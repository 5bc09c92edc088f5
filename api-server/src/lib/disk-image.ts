import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A data disk as a sparse file holding an ext4 filesystem, which Podman loop-mounts into the container: the
 * instance sees exactly the size bought and a full disk fails its writes with ENOSPC, while the host spends
 * only the blocks written. Every call here is a host command (e2fsprogs, util-linux) run as the server's user.
 */

/**
 * Creates the image of `bytes`: no blocks kept back for root (the owner gets all of it), and the journal and inode
 * tables left unwritten, which costs nothing on a sparse file (its holes read as zeros) and keeps a new 50 GB disk
 * at a few MB of the host's.
 */
export async function createDiskImage(file: string, bytes: number) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await run('truncate', ['-s', String(bytes), file]);
  await run('mkfs.ext4', ['-q', '-F', '-m', '0', '-E', 'root_owner=0:0,lazy_itable_init=1,lazy_journal_init=1', file]);
}

export async function removeDiskImage(file: string) {
  await fs.rm(file, { force: true });
}

export async function diskImageExists(file: string) {
  return (await fs.stat(file).catch(() => null)) !== null;
}

/** The size of the filesystem inside the image (which lags the file's until it is grown). */
async function filesystemBytes(file: string) {
  const { stdout } = await run('dumpe2fs', ['-h', file]);
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(stdout)?.[1] ?? NaN);
  return field('Block count') * field('Block size');
}

/** The loop device the image is attached to (while its container runs, Podman keeps it mounted), or null. */
export async function loopDeviceOf(file: string) {
  const { stdout } = await run('losetup', ['-j', file]);
  return /^(\/dev\/loop\d+):/m.exec(stdout)?.[1] ?? null;
}

/**
 * Grows the image's filesystem to `bytes` (never shrinks). Mounted, it grows online: the file, the loop device's
 * idea of it, then `resize2fs` on the device; the kernel refuses that without CAP_SYS_RESOURCE (some sandboxes drop
 * it), and then the file stays grown and the filesystem follows at the next offline pass ('refused'). Unmounted
 * (unless `onlineOnly`), `e2fsck` then `resize2fs` on the file.
 */
export async function growDiskImage(file: string, bytes: number, o: { onlineOnly?: boolean } = {}) {
  const target = Math.max(bytes, (await fs.stat(file)).size);
  if ((await filesystemBytes(file)) >= target) return 'unchanged';
  const device = await loopDeviceOf(file);
  if (!device && o.onlineOnly) return 'refused';
  await run('truncate', ['-s', String(target), file]);
  if (device) {
    try {
      await run('losetup', ['-c', device]);
      await run('resize2fs', [device]);
      return 'online';
    } catch {
      return 'refused';
    }
  }
  // e2fsck answers 1 when it fixed something, which still lets resize2fs go on.
  await run('e2fsck', ['-f', '-y', file]).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
  await run('resize2fs', [file]);
  return 'offline';
}
