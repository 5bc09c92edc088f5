import fs from 'node:fs/promises';
import type Dockerode from 'dockerode';
import type { ComputeSettings } from '../../config.js';
import type { SystemDiskCap } from './container-plan.js';

type StorageInfo = { Driver?: string; DockerRootDir?: string };

/** What caps the system disk here, from Podman's storage (see systemDiskCapOf). */
export async function systemDiskCap(docker: Dockerode, setting: ComputeSettings['systemDiskLimit']): Promise<SystemDiskCap> {
  return systemDiskCapOf((await docker.info()) as StorageInfo, await fs.readFile('/proc/mounts', 'utf8'), setting);
}

/**
 * Podman's quota (`--storage-opt size=`) where its storage has one, else an image under the layer where
 * SYSTEM_DISK_LIMIT=loop and the storage is overlay (whose layer folder the image is mounted at), else nothing.
 */
export function systemDiskCapOf(info: StorageInfo, mounts: string, setting: ComputeSettings['systemDiskLimit']): SystemDiskCap {
  if (quotaCapable(info, mounts)) return 'quota';
  return setting === 'loop' && info.Driver === 'overlay' ? 'loop' : 'none';
}

/**
 * Whether Podman can cap a container's writable layer itself: overlay storage on XFS mounted with project quotas
 * (the mount holding its root folder decides). On ext4 (or XFS without `prjquota`) it cannot.
 */
function quotaCapable(info: { Driver?: string; DockerRootDir?: string }, mounts: string) {
  if (info.Driver !== 'overlay' || !info.DockerRootDir) return false;
  const mount = mountHolding(mounts, info.DockerRootDir);
  return mount?.type === 'xfs' && /(^|,)(prjquota|pquota)(,|$)/.test(mount.options);
}

/** The mount (of /proc/mounts) whose point is the longest prefix of `folder`. */
function mountHolding(mounts: string, folder: string) {
  let best: { point: string; type: string; options: string } | null = null;
  for (const line of mounts.split('\n')) {
    const [, point, type, options] = line.split(' ');
    if (!point || !type || options === undefined) continue;
    const inside = folder === point || folder.startsWith(point.endsWith('/') ? point : `${point}/`);
    if (inside && (!best || point.length > best.point.length)) best = { point, type, options };
  }
  return best;
}
