import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hpcClusters, netDisks, regions } from '../db/index.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import { FileSystemError, type FileSystem } from './file-system.js';
import { LocalFileSystem } from './local-file-system.js';
import { SftpFileSystem } from './sftp-file-system.js';
import { readyNetDiskFolder } from './net-disk-volume.js';

const GiB = 1024 ** 3;

/**
 * One user's tree of files on one storage product: the network disk of a region ('netdisk:<regionCode>')
 * or the file storage on an HPC cluster ('cluster:<id>'). Trash, tasks, quotas and downloads work on
 * trees, whatever backend holds them.
 */
export interface FileTree {
  key: string;
  userId: number;
  /** How pages and messages name it, e.g. 网盘（华东二区）. */
  label: string;
  fs: FileSystem;
  quota: { bytes: number; files: number };
  /** False while a network disk is frozen for arrears: readable, not writable. */
  writable: boolean;
}

export const netDiskTreeKey = (regionCode: string) => `netdisk:${regionCode}`;
export const clusterTreeKey = (clusterId: number) => `cluster:${clusterId}`;

async function openNetDiskTree(app: FastifyInstance, userId: number, regionCode: string): Promise<FileTree> {
  const [row] = await app.db
    .select({ disk: netDisks, regionName: regions.name })
    .from(netDisks)
    .leftJoin(regions, eq(regions.code, netDisks.regionCode))
    .where(and(eq(netDisks.userId, userId), eq(netDisks.regionCode, regionCode)));
  if (!row) throw conflict('该地区的网盘尚未开通，请先开通网盘');
  const { disk } = row;
  return {
    key: netDiskTreeKey(regionCode),
    userId,
    label: `网盘（${row.regionName ?? regionCode}）`,
    fs: new LocalFileSystem(await readyNetDiskFolder(app, { userId, regionCode, sizeGb: disk.sizeGb })),
    quota: { bytes: disk.sizeGb * GiB, files: disk.quotaFiles },
    writable: disk.status === 1,
  };
}

/** A user's home on an SFTP cluster: the cluster's template with `{userId}` filled in. */
export const userHome = (cluster: { homeTemplate: string }, userId: number) => cluster.homeTemplate.replaceAll('{userId}', String(userId));

const unreachable =
  (app: FastifyInstance, name: string) =>
  (error: unknown): never => {
    app.log.warn({ err: error, cluster: name }, 'SFTP connection failed');
    throw new AppError(503, `集群「${name}」暂时无法连接，请稍后重试`);
  };

async function openClusterTree(app: FastifyInstance, userId: number, clusterId: number): Promise<FileTree> {
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, clusterId));
  if (!cluster?.enabled) throw notFound('集群不存在或已停用');
  let fs: FileSystem;
  if (cluster.kind === 'local') fs = new LocalFileSystem(path.join(app.config.dataDir, 'file-storage', String(clusterId), String(userId)));
  else if (cluster.kind === 'sftp') {
    const { host, port, username, privateKey } = cluster;
    const home = userHome(cluster, userId);
    fs = new SftpFileSystem(() => app.sftp.session({ host, port, username, privateKey }).catch(unreachable(app, cluster.name)), home);
  } else throw conflict(`暂不支持该类型的集群：${cluster.kind}`);
  return {
    key: clusterTreeKey(clusterId),
    userId,
    label: cluster.name,
    fs,
    quota: { bytes: cluster.quotaBytes, files: cluster.quotaFiles },
    writable: true,
  };
}

/** The user's tree named by `key`; refuses a key of an unknown kind, a disk not activated, a cluster not reachable. */
export async function openTree(app: FastifyInstance, userId: number, key: string): Promise<FileTree> {
  const [kind, name = ''] = key.split(/:(.*)/s);
  if (kind === 'netdisk' && /^[A-Za-z0-9-]{1,32}$/.test(name)) return openNetDiskTree(app, userId, name);
  if (kind === 'cluster' && /^[1-9]\d{0,8}$/.test(name)) return openClusterTree(app, userId, Number(name));
  throw invalid('存储位置不合法');
}

const refusals: Record<FileSystemError['problem'], (name: string) => AppError> = {
  'not-found': (name) => notFound(`「${name}」不存在或已删除`),
  exists: (name) => conflict(`「${name}」已存在，请换一个名称`),
  'not-a-folder': (name) => invalid(`「${name}」不是文件夹`),
  'is-a-folder': (name) => invalid(`「${name}」是文件夹`),
  'too-large': (name) => conflict(`「${name}」超出了剩余空间`),
};

/** A backend's refusal as the message the user reads; anything else passes through. */
export function asUserError(error: unknown): unknown {
  if (!(error instanceof FileSystemError)) return error;
  return refusals[error.problem](error.path.split('/').at(-1) || '根目录');
}
