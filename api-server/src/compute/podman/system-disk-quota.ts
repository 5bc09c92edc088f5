import fs from 'node:fs/promises';
import type Dockerode from 'dockerode';
import type { ComputeSettings } from '../../config.js';
import type { SystemDiskCap } from './container-plan.js';

/**
 * Whether Podman can cap a container's writable layer (`--storage-opt size=`): overlay storage on XFS mounted
 * with project quotas. On ext4 (or XFS without `prjquota`) it cannot, and the system disk stays unlimited.
 */
async function supportsSystemDiskQuota(docker: Dockerode): Promise<boolean> {
  const info = (await docker.info()) as { Driver?: string; DockerRootDir?: string };
  return quotaCapable(info, await fs.readFile('/proc/mounts', 'utf8'));
}

/** What caps the system disk here: Podman's quota where the storage has one, else an image where SYSTEM_DISK_LIMIT=loop. */
export async function systemDiskCap(docker: Dockerode, setting: ComputeSettings['systemDiskLimit']): Promise<SystemDiskCap> {
  if (await supportsSystemDiskQuota(docker)) return 'quota';
  return setting === 'loop' ? 'loop' : 'none';
}

/** The same answer from Podman's info and the text of /proc/mounts: the mount holding its root folder decides. */
export function quotaCapable(info: { Driver?: string; DockerRootDir?: string }, mounts: string) {
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
