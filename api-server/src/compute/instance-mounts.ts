import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instanceMounts, instances, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import type { DriverMount } from './driver.js';
import { completeTransition } from './instance-state.js';
import { Status } from './states.js';

const datasetMountPath = (name: string) => `/root/public-data/${name}`;

/** What the instance mounts, as the driver receives it. */
export async function mountsOf(tx: Executor, instanceId: number): Promise<DriverMount[]> {
  const rows = await tx
    .select()
    .from(instanceMounts)
    .where(eq(instanceMounts.instanceId, instanceId))
    .orderBy(asc(instanceMounts.mountPath));
  return rows.map((row) => ({
    path: row.mountPath,
    kind: row.kind === 'netdisk' ? 'netdisk' : 'dataset',
    sourceId: row.sourceId,
    readOnly: row.readOnly,
  }));
}

/**
 * Locks the user's instance, which must be stopped or running, applies `change` to its mounts, and
 * tells the driver when the instance runs (a stopped one receives them at its next start).
 */
async function changeMounts(app: FastifyInstance, userId: number, instanceId: number, change: (tx: Executor) => Promise<void>) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(instances)
      .where(and(eq(instances.id, instanceId), eq(instances.userId, userId)))
      .for('update');
    if (!row || row.status === Status.released) throw notFound('实例不存在');
    const instance = await completeTransition(tx, app.compute.driver, row, app.clock.now());
    if (instance.status !== Status.running && instance.status !== Status.stopped)
      throw conflict('只能在实例运行中或已关机时挂载或卸载数据');
    await change(tx);
    if (instance.status === Status.running) await app.compute.driver.remount(instance, await mountsOf(tx, instance.id));
  });
}

/** Records the datasets a new instance mounts from its creation on (rented from a dataset's share link). */
export async function mountDatasetsOfNewInstance(
  tx: Executor,
  instanceId: number,
  datasets: Array<{ id: number; name: string }>,
  now: Date,
) {
  for (const dataset of datasets)
    await tx
      .insert(instanceMounts)
      .values({
        instanceId,
        mountPath: datasetMountPath(dataset.name),
        kind: 'dataset',
        sourceId: dataset.id,
        readOnly: true,
        createdAt: now,
      })
      .onConflictDoNothing();
}

/** Mounts a dataset read-only at /root/public-data/<name>; refuses a second dataset of that name. */
export async function mountDataset(app: FastifyInstance, userId: number, instanceId: number, dataset: { id: number; name: string }) {
  await changeMounts(app, userId, instanceId, async (tx) => {
    const mountPath = datasetMountPath(dataset.name);
    const [taken] = await tx
      .select()
      .from(instanceMounts)
      .where(and(eq(instanceMounts.instanceId, instanceId), eq(instanceMounts.mountPath, mountPath)));
    if (taken) throw conflict(taken.sourceId === dataset.id ? '该数据集已挂载到此实例' : `实例中已挂载同名数据集「${dataset.name}」`);
    await tx
      .insert(instanceMounts)
      .values({ instanceId, mountPath, kind: 'dataset', sourceId: dataset.id, readOnly: true, createdAt: app.clock.now() });
  });
}

export async function unmountDataset(app: FastifyInstance, userId: number, instanceId: number, datasetId: number) {
  await changeMounts(app, userId, instanceId, async (tx) => {
    const removed = await tx
      .delete(instanceMounts)
      .where(and(eq(instanceMounts.instanceId, instanceId), eq(instanceMounts.kind, 'dataset'), eq(instanceMounts.sourceId, datasetId)))
      .returning();
    if (removed.length === 0) throw notFound('该数据集未挂载到此实例');
  });
}

/** The instances (not released) that mount a dataset. */
export async function instancesMounting(tx: Executor, datasetId: number) {
  return tx
    .select({ id: instances.id, name: instances.name, status: instances.status })
    .from(instanceMounts)
    .innerJoin(instances, eq(instances.id, instanceMounts.instanceId))
    .where(and(eq(instanceMounts.kind, 'dataset'), eq(instanceMounts.sourceId, datasetId), ne(instances.status, Status.released)));
}
