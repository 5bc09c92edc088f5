import { createHash } from 'node:crypto';

const gib = 1024 ** 3;
const cpuPeriod = 100_000;
const pidsLimit = 4096;

/** A folder of this machine bound into the container (the network disk, a dataset). */
export interface BindMount {
  source: string;
  destination: string;
  readOnly: boolean;
}

/** Everything a container is created with. */
export interface ContainerPlan {
  name: string;
  image: string;
  hostname: string;
  labels: Record<string, string>;
  env: Record<string, string>;
  cpus: number;
  memoryBytes: number;
  dataVolume: string;
  binds: BindMount[];
  /** CDI device names (`nvidia.com/gpu=0`). */
  devices: string[];
  /**
   * The system disk (the writable layer) and what caps it here: Podman's storage quota (system-disk-quota.ts), an
   * image mounted under the layer (system-disk-image.ts), or nothing.
   */
  systemDisk: { bytes: number; cap: SystemDiskCap };
  /** Open files and processes; never above what Podman itself may set. */
  ulimits: { nofile: number; nproc: number };
}

/** What holds the system disk's size on this machine (see system-disk-quota.ts and system-disk-image.ts). */
export type SystemDiskCap = 'quota' | 'loop' | 'none';

export const attachmentsLabel = 'suanli.attachments';

/** The rented limits: the node's share per GPU times the cards (at least one), or 0.5 CPU and 2 GiB in no-GPU mode (as instance-view shows). */
export function limitsOf(node: { cpuPerGpu: number; memoryPerGpuGb: number }, o: { gpuHeld: number; noGpu: boolean }) {
  if (o.noGpu) return { cpus: 0.5, memoryBytes: 2 * gib };
  const cards = Math.max(o.gpuHeld, 1);
  return { cpus: node.cpuPerGpu * cards, memoryBytes: node.memoryPerGpuGb * cards * gib };
}

/** A hostname from the instance's name: lower-case letters, digits and dashes, or `instance-<id>` when none are left. */
export function hostnameOf(name: string, instanceId: number) {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 63)
    .replace(/-$/, '');
  return cleaned || `instance-${instanceId}`;
}

/** What a container cannot change once stopped (its devices, mounts and limits), as a short hash. */
export function attachmentsHash(plan: Pick<ContainerPlan, 'devices' | 'binds' | 'cpus' | 'memoryBytes'>) {
  return createHash('sha256')
    .update(JSON.stringify([plan.devices, plan.binds, plan.cpus, plan.memoryBytes]))
    .digest('hex')
    .slice(0, 16);
}

/** The plan as Podman's own create call takes it (libpod SpecGenerator), which understands CDI device names. */
export function specGenerator(plan: ContainerPlan) {
  return {
    name: plan.name,
    image: plan.image,
    hostname: plan.hostname,
    labels: { ...plan.labels, [attachmentsLabel]: attachmentsHash(plan) },
    env: plan.env,
    init: true,
    stop_timeout: 10,
    resource_limits: {
      cpu: { quota: Math.round(plan.cpus * cpuPeriod), period: cpuPeriod },
      memory: { limit: plan.memoryBytes },
      pids: { limit: pidsLimit },
    },
    r_limits: rlimits(plan.ulimits),
    volumes: [{ Name: plan.dataVolume, Dest: '/root/data', Options: [] }],
    mounts: plan.binds.map((bind) => ({
      destination: bind.destination,
      source: bind.source,
      type: 'bind',
      options: bind.readOnly ? ['rbind', 'ro'] : ['rbind', 'rw'],
    })),
    devices: plan.devices.map((path) => ({ path })),
    ...(plan.systemDisk.cap === 'quota' ? { storage_opts: { size: String(plan.systemDisk.bytes) } } : {}),
  };
}

export const rlimits = (ulimits: ContainerPlan['ulimits']) => [
  { type: 'nofile', soft: ulimits.nofile, hard: ulimits.nofile },
  { type: 'nproc', soft: ulimits.nproc, hard: ulimits.nproc },
];
