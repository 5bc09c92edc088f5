import { ApiException, type CoreV1Api, type KubeConfig } from '@kubernetes/client-node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { KubernetesSettings } from '../../config.js';
import { computeNodes, gpuModels, images } from '../../db/index.js';
import { pendingStep, type ExpectedTransition } from '../background-transitions.js';
import type { InstanceRow } from '../instance-state.js';
import { limitsOf } from '../podman/container-plan.js';
import { baseImageRef } from '../podman/podman-names.js';
import { loadSitePrices } from '../prices.js';
import { appEnvironment, appsOfInstances } from '../app-service/app-snapshot.js';
import { Status } from '../states.js';
import { claimOf, podImage, podMatches, podOf, sshServiceOf, type KubernetesNames, type PodPlan } from './kubernetes-objects.js';
import { hasEnded, isRunning, startFailure } from './pod-states.js';
import type { PodWatch } from './pod-watch.js';

const podStartTimeoutMs = 10 * 60_000;
const podDeleteTimeoutMs = 5 * 60_000;

export interface KubernetesContext {
  app: FastifyInstance;
  config: KubeConfig;
  api: CoreV1Api;
  watch: PodWatch;
  names: KubernetesNames;
  settings: KubernetesSettings;
}

/** The call's answer, or null when the API server answers 404 (the object is not there). */
async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiException && error.code === 404) return null;
    throw error;
  }
}

/** Creates the object; one that already exists (409) is left as it is. */
async function createUnlessExists(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiException && error.code === 409)) throw error;
  }
}

/**
 * The pod the instance's row asks for now: its image, cards and limits on its pool's GPU model and region, and its
 * application's start command and variables (the image's suanli-init.sh supervises it, as under Podman).
 */
async function planOf(ctx: KubernetesContext, row: InstanceRow): Promise<PodPlan> {
  const [node] = await ctx.app.db
    .select({ cpuPerGpu: computeNodes.cpuPerGpu, memoryPerGpuGb: computeNodes.memoryPerGpuGb, gpuModelCode: gpuModels.code })
    .from(computeNodes)
    .innerJoin(gpuModels, eq(gpuModels.id, computeNodes.gpuModelId))
    .where(eq(computeNodes.id, row.nodeId));
  const [image] = await ctx.app.db.select({ runtimeRef: images.runtimeRef }).from(images).where(eq(images.id, row.imageId));
  const deployed = (await appsOfInstances(ctx.app.db, [row.id])).get(row.id);
  return {
    instanceId: row.id,
    name: row.name,
    image: podImage(image?.runtimeRef ?? baseImageRef, ctx.settings.imageRegistry),
    env: { ...appEnvironment(deployed), SUANLI_JUPYTER_TOKEN: row.jupyterToken },
    ...limitsOf(node!, row),
    gpus: row.noGpu ? 0 : row.gpuHeld,
    gpuModelCode: node!.gpuModelCode,
    regionCode: row.regionCode,
  };
}

/** The data-disk claim and the SSH service, created once and kept until release. */
async function ensureClaimAndService(ctx: KubernetesContext, row: InstanceRow) {
  const { api, names, settings } = ctx;
  const namespace = settings.namespace;
  if (!(await unlessMissing(api.readNamespacedPersistentVolumeClaim({ name: names.claim(row.id), namespace })))) {
    const sizeGb = (await loadSitePrices(ctx.app.db)).freeDataDiskGb + row.dataDiskExtraGb;
    const body = claimOf({ instanceId: row.id, sizeGb, clonedFromId: row.clonedFromId }, names, settings);
    await createUnlessExists(api.createNamespacedPersistentVolumeClaim({ namespace, body }));
  }
  if (!(await unlessMissing(api.readNamespacedService({ name: names.service(row.id), namespace }))))
    await createUnlessExists(api.createNamespacedService({ namespace, body: sshServiceOf(row.id, names, settings) }));
}

/** Deletes the instance's pod and waits until the watch sees it gone. */
async function removePod(ctx: KubernetesContext, instanceId: number) {
  const name = ctx.names.pod(instanceId);
  await unlessMissing(ctx.api.deleteNamespacedPod({ name, namespace: ctx.settings.namespace }));
  await ctx.watch.until(() => (ctx.watch.get(name) ? undefined : true), podDeleteTimeoutMs, `Kubernetes 未在时限内删除 Pod ${name}`);
}

/**
 * The pod runs as planned: one that ended, is being deleted or was made from another plan is replaced. A pod
 * that will never run (no node has the cards, the image cannot be pulled) is deleted and the start fails with why.
 */
async function powerOn(ctx: KubernetesContext, row: InstanceRow) {
  const plan = await planOf(ctx, row);
  await ensureClaimAndService(ctx, row);
  const name = ctx.names.pod(row.id);
  const current = ctx.watch.get(name);
  if (current && (hasEnded(current) || !podMatches(current, plan))) await removePod(ctx, row.id);
  if (!ctx.watch.get(name))
    await createUnlessExists(
      ctx.api.createNamespacedPod({ namespace: ctx.settings.namespace, body: podOf(plan, ctx.names, ctx.settings) }),
    );
  const outcome = await ctx.watch.until(
    () => {
      const pod = ctx.watch.get(name);
      if (!pod) return undefined;
      if (isRunning(pod)) return { failure: null };
      const failure = startFailure(pod);
      return failure === null ? undefined : { failure };
    },
    podStartTimeoutMs,
    `实例未在 ${podStartTimeoutMs / 60_000} 分钟内开始运行`,
  );
  if (outcome.failure === null) return;
  await removePod(ctx, row.id);
  throw new Error(outcome.failure);
}

async function powerOff(ctx: KubernetesContext, row: InstanceRow) {
  await removePod(ctx, row.id);
}

async function release(ctx: KubernetesContext, row: InstanceRow) {
  const namespace = ctx.settings.namespace;
  await removePod(ctx, row.id);
  await unlessMissing(ctx.api.deleteNamespacedService({ name: ctx.names.service(row.id), namespace }));
  await unlessMissing(ctx.api.deleteNamespacedPersistentVolumeClaim({ name: ctx.names.claim(row.id), namespace }));
}

/** The system disk of a pod is its image, fresh each time the pod is made: a reset leaves no pod and keeps the claim. */
async function reset(ctx: KubernetesContext, row: InstanceRow) {
  await removePod(ctx, row.id);
  await ensureClaimAndService(ctx, row);
}

const work: Partial<Record<Status, (ctx: KubernetesContext, row: InstanceRow) => Promise<void>>> = {
  [Status.creating]: powerOn,
  [Status.starting]: powerOn,
  [Status.stopping]: powerOff,
  [Status.releasing]: release,
  [Status.resetting]: reset,
};

/**
 * Brings the cluster to where the instance's transition leads, reading the committed row ('stale' when the row
 * has moved on meanwhile). Every step can be repeated (a retry, or a server restarted mid-way).
 */
export async function convergeTransition(
  ctx: KubernetesContext,
  instanceId: number,
  expected: ExpectedTransition,
): Promise<'done' | 'stale'> {
  const pending = await pendingStep(ctx.app, instanceId, expected, work, 'Kubernetes');
  if (!pending) return 'stale';
  await pending.step(ctx, pending.row);
  return 'done';
}
