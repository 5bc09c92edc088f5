import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hpcClusters, userClusters } from '../db/index.js';
import { notFound } from '../errors.js';
import { clusterTreeKey, openTree, userHome, type FileTree } from './file-trees.js';

export type HpcCluster = typeof hpcClusters.$inferSelect;
export const localClusterName = '默认集群';

/**
 * Idempotent, at every start: the database holds a local cluster (the default file storage), and the
 * SFTP cluster configured by HPC_SFTP_* with its current address, account and key.
 */
export async function ensureClusters(app: FastifyInstance): Promise<void> {
  const { fileStorageQuota: quota, sftpCluster } = app.config.storage;
  const [local] = await app.db.select({ id: hpcClusters.id }).from(hpcClusters).where(eq(hpcClusters.kind, 'local')).limit(1);
  if (!local) {
    await app.db.insert(hpcClusters).values({ name: localClusterName, kind: 'local', quotaBytes: quota.bytes, quotaFiles: quota.files });
  }
  if (!sftpCluster) return;
  const values = {
    ...sftpCluster,
    kind: 'sftp',
    scheduler: app.config.hpc.scheduler,
    quotaBytes: quota.bytes,
    quotaFiles: quota.files,
    enabled: true,
    sort: 1,
  };
  const [configured] = await app.db
    .select({ id: hpcClusters.id })
    .from(hpcClusters)
    .where(and(eq(hpcClusters.kind, 'sftp'), eq(hpcClusters.name, sftpCluster.name)))
    .limit(1);
  if (configured) await app.db.update(hpcClusters).set(values).where(eq(hpcClusters.id, configured.id));
  else await app.db.insert(hpcClusters).values(values);
}

/** Every enabled cluster (each user reaches them all), in the order pages show them. */
export async function enabledClusters(app: FastifyInstance): Promise<HpcCluster[]> {
  return app.db.select().from(hpcClusters).where(eq(hpcClusters.enabled, true)).orderBy(asc(hpcClusters.sort), asc(hpcClusters.id));
}

/** The cluster the user's file pages open first: the one they chose, else the first enabled one (recorded as their default). */
export async function defaultClusterId(app: FastifyInstance, userId: number): Promise<number> {
  const clusters = await enabledClusters(app);
  const [chosen] = await app.db
    .select({ clusterId: userClusters.clusterId })
    .from(userClusters)
    .where(and(eq(userClusters.userId, userId), eq(userClusters.isDefault, true)));
  if (chosen && clusters.some((cluster) => cluster.id === chosen.clusterId)) return chosen.clusterId;
  if (clusters.length === 0) throw notFound('暂无可用的集群');
  await setDefaultCluster(app, userId, clusters[0]!.id);
  return clusters[0]!.id;
}

/** Makes `clusterId` the user's default; refuses a cluster that is unknown or disabled. */
export async function setDefaultCluster(app: FastifyInstance, userId: number, clusterId: number): Promise<void> {
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, clusterId));
  if (!cluster?.enabled) throw notFound('集群不存在或已停用');
  await app.db.transaction(async (tx) => {
    await tx.update(userClusters).set({ isDefault: false }).where(eq(userClusters.userId, userId));
    await tx
      .insert(userClusters)
      .values({ userId, clusterId, isDefault: true })
      .onConflictDoUpdate({ target: [userClusters.userId, userClusters.clusterId], set: { isDefault: true } });
  });
}

/** The user's file storage on a cluster, the default one when `clusterId` is absent. */
export async function openClusterTreeOf(app: FastifyInstance, userId: number, clusterId?: number): Promise<FileTree> {
  return openTree(app, userId, clusterTreeKey(clusterId ?? (await defaultClusterId(app, userId))));
}

/** Every cluster the user reaches, with their usage there (unknown while a cluster cannot be reached) and which is the default. */
export async function clustersOfUser(app: FastifyInstance, userId: number) {
  const defaultId = await defaultClusterId(app, userId);
  return Promise.all(
    (await enabledClusters(app)).map(async (cluster) => {
      const usage = await openClusterTreeOf(app, userId, cluster.id)
        .then((tree) => tree.fs.usage())
        .catch((error: unknown) => {
          app.log.warn({ err: error, cluster: cluster.id }, 'cluster usage unknown');
          return null;
        });
      return {
        id: cluster.id,
        name: cluster.name,
        kind: cluster.kind,
        isDefault: cluster.id === defaultId,
        usedBytes: usage?.bytes ?? 0,
        usedFiles: usage?.files ?? 0,
        quotaBytes: cluster.quotaBytes,
        quotaFiles: cluster.quotaFiles,
        reachable: usage !== null,
      };
    }),
  );
}

/** The user's home as the cluster names it: the SFTP home folder, or '/' for the local cluster, whose folder stays private to the server. */
export async function clusterHome(app: FastifyInstance, clusterId: number, userId: number): Promise<string> {
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, clusterId));
  return cluster?.kind === 'sftp' ? userHome(cluster, userId) : '/';
}
