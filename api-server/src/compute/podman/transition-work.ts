import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { computeNodes, images, netDisks } from '../../db/index.js';
import { datasetFolder, readyNetDiskFolder } from '../../storage/index.js';
import { mountsOf } from '../instance-mounts.js';
import { appEnvironment, appsOfInstances } from '../app-service/app-snapshot.js';
import { pendingStep, type ExpectedTransition } from '../background-transitions.js';
import type { InstanceRow } from '../instance-state.js';
import { Status } from '../states.js';
import { gpuDevices } from './cdi-gpus.js';
import {
  attachmentsHash,
  attachmentsLabel,
  hostnameOf,
  limitsOf,
  type BindMount,
  type ContainerPlan,
  type SystemDiskCap,
} from './container-plan.js';
import { ensureDataVolume, removeDataVolume, type DataVolumeContext } from './data-volume.js';
import {
  commitContainer,
  createContainer,
  inspectContainer,
  removeContainer,
  removeImage,
  startContainer,
  stopContainer,
} from './podman-calls.js';
import { baseImageRef } from './podman-names.js';
import { mountSystemDiskImage, removeSystemDiskImages } from './system-disk-image.js';

export interface PodmanContext extends DataVolumeContext {
  namespace: string;
  /** The machine exposes NVIDIA GPUs through CDI. */
  cdi: boolean;
  /** What caps the writable layer at the node's system disk size here. */
  systemDisk: SystemDiskCap;
}

/** Where the instance's network disk and datasets live on this machine. */
async function bindsOf(ctx: PodmanContext, instanceId: number): Promise<BindMount[]> {
  const binds: BindMount[] = [];
  for (const mount of await mountsOf(ctx.app.db, instanceId)) {
    if (mount.kind === 'netdisk') {
      const [disk] = await ctx.app.db.select().from(netDisks).where(eq(netDisks.id, mount.sourceId));
      if (!disk) continue;
      const source = await readyNetDiskFolder(ctx.app, disk);
      binds.push({ source, destination: mount.path, readOnly: mount.readOnly });
    } else {
      const source = datasetFolder(ctx.app, mount.sourceId);
      if (await fs.stat(source).catch(() => null)) binds.push({ source, destination: mount.path, readOnly: true });
    }
  }
  return binds;
}

const systemDiskOf = (ctx: PodmanContext, node: { systemDiskGb: number }) => ({
  bytes: node.systemDiskGb * 1024 ** 3,
  cap: ctx.systemDisk,
});

/** The container the instance's row asks for now: its image, limits, cards, mounts, Jupyter settings and application. */
async function planOf(ctx: PodmanContext, row: InstanceRow): Promise<ContainerPlan> {
  const [node] = await ctx.app.db.select().from(computeNodes).where(eq(computeNodes.id, row.nodeId));
  const [image] = await ctx.app.db.select({ runtimeRef: images.runtimeRef }).from(images).where(eq(images.id, row.imageId));
  const deployed = (await appsOfInstances(ctx.app.db, [row.id])).get(row.id);
  return {
    name: ctx.names.container(row.id),
    image: image?.runtimeRef ?? baseImageRef,
    hostname: hostnameOf(row.name, row.id),
    labels: ctx.names.labels(row.id),
    env: { ...appEnvironment(deployed), SUANLI_JUPYTER_TOKEN: row.jupyterToken },
    ...limitsOf(node!, row),
    dataVolume: ctx.names.dataVolume(row.id),
    binds: await bindsOf(ctx, row.id),
    devices: gpuDevices(ctx.cdi, row.noGpu ? [] : row.gpuIndices),
    systemDisk: systemDiskOf(ctx, node!),
    ulimits: ctx.ulimits,
  };
}

/**
 * Recreates the container with other devices, mounts or limits, keeping its system disk: the old container is
 * committed as the instance's carried image, which the new one runs; the image it replaces goes.
 */
async function recreateKeepingSystemDisk(ctx: PodmanContext, plan: ContainerPlan, previousImageId: string) {
  const instanceId = Number(plan.labels['suanli.instance']);
  const carried = ctx.names.carriedImage(instanceId);
  await mountSystemDisk(ctx, instanceId, plan);
  await commitContainer(ctx.docker, plan.name, carried);
  await removeContainer(ctx.docker, plan.name);
  await createContainer(ctx.docker, { ...plan, image: carried });
  const previous = await ctx.docker
    .getImage(previousImageId)
    .inspect()
    .catch(() => null);
  if (previous && (previous.RepoTags ?? []).length === 0) await removeImage(ctx.docker, previousImageId).catch(() => {});
}

/** The stopped container's writable layer is its system disk image, where an image is what caps it. */
async function mountSystemDisk(ctx: PodmanContext, instanceId: number, plan: Pick<ContainerPlan, 'systemDisk'>) {
  if (plan.systemDisk.cap === 'loop') await mountSystemDiskImage(ctx, instanceId, plan.systemDisk.bytes);
}

/** The container exists with the plan's devices, mounts and limits. */
async function ensureContainer(ctx: PodmanContext, plan: ContainerPlan) {
  const current = await inspectContainer(ctx.docker, plan.name);
  if (!current) return createContainer(ctx.docker, plan);
  if (current.Config.Labels?.[attachmentsLabel] !== attachmentsHash(plan)) await recreateKeepingSystemDisk(ctx, plan, current.Image);
}

async function isRunning(ctx: PodmanContext, name: string) {
  return (await inspectContainer(ctx.docker, name))?.State.Running === true;
}

async function powerOn(ctx: PodmanContext, row: InstanceRow) {
  const plan = await planOf(ctx, row);
  await ensureDataVolume(ctx, row, plan.image);
  await ensureContainer(ctx, plan);
  await mountSystemDisk(ctx, row.id, plan);
  await startContainer(ctx.docker, plan.name);
  return isRunning(ctx, plan.name);
}

async function powerOff(ctx: PodmanContext, row: InstanceRow) {
  const name = ctx.names.container(row.id);
  await stopContainer(ctx.docker, name);
  return !(await isRunning(ctx, name));
}

async function release(ctx: PodmanContext, row: InstanceRow) {
  const name = ctx.names.container(row.id);
  await removeContainer(ctx.docker, name);
  await removeSystemDiskImages(ctx, row.id);
  const volumeGone = await removeDataVolume(ctx, row.id);
  await removeImage(ctx.docker, ctx.names.carriedImage(row.id));
  return !(await inspectContainer(ctx.docker, name)) && volumeGone;
}

/** A fresh system disk from the instance's (possibly changed) image; the data volume stays. Ends stopped. */
async function reset(ctx: PodmanContext, row: InstanceRow) {
  const plan = await planOf(ctx, row);
  await removeContainer(ctx.docker, plan.name);
  await removeSystemDiskImages(ctx, row.id);
  await removeImage(ctx.docker, ctx.names.carriedImage(row.id));
  await ensureDataVolume(ctx, row, plan.image);
  await createContainer(ctx.docker, plan);
  const created = await inspectContainer(ctx.docker, plan.name);
  return created !== null && !created.State.Running;
}

/** Saves the system disk as the private image being written for this instance, then records its reference and size. */
async function commit(ctx: PodmanContext, row: InstanceRow) {
  const pending = and(eq(images.sourceInstanceId, row.id), eq(images.status, 0));
  const [image] = await ctx.app.db.select({ id: images.id }).from(images).where(pending);
  if (!image) return true;
  const runtimeRef = ctx.names.privateImage(image.id);
  const [node] = await ctx.app.db.select().from(computeNodes).where(eq(computeNodes.id, row.nodeId));
  await mountSystemDisk(ctx, row.id, { systemDisk: systemDiskOf(ctx, node!) });
  const sizeBytes = await commitContainer(ctx.docker, ctx.names.container(row.id), runtimeRef);
  await ctx.app.db.update(images).set({ runtimeRef, sizeBytes }).where(eq(images.id, image.id));
  return true;
}

const work: Partial<Record<Status, (ctx: PodmanContext, row: InstanceRow) => Promise<boolean>>> = {
  [Status.creating]: powerOn,
  [Status.starting]: powerOn,
  [Status.stopping]: powerOff,
  [Status.releasing]: release,
  [Status.resetting]: reset,
  [Status.committing]: commit,
};

/**
 * Brings Podman to where the instance's transition leads, reading the committed row, and checks Podman
 * shows it done ('stale' when the row has moved on meanwhile). Every step can be repeated (a retry, or a
 * server restarted mid-way); a step Podman does not show done throws.
 */
export async function convergeTransition(ctx: PodmanContext, instanceId: number, expected: ExpectedTransition): Promise<'done' | 'stale'> {
  const pending = await pendingStep(ctx.app, instanceId, expected, work, 'Podman');
  if (!pending) return 'stale';
  const { row, step } = pending;
  if (!(await step(ctx, row))) throw new Error(`Podman does not show instance ${row.id} past status ${row.status}`);
  return 'done';
}
