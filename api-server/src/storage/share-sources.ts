import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasets, type Executor } from '../db/index.js';
import { AppError, invalid } from '../errors.js';
import { cloudDiskFiles } from './cloud-disk-files.js';
import { cloudDiskRoot, findCloudDisk } from './cloud-disk.js';
import { datasetFileSystem } from './datasets.js';
import { openTree } from './file-trees.js';
import type { ReadableFiles } from './tree-downloads.js';

/** What a share link can point into: a network disk or file storage tree, a cloud disk, a dataset. */
export type ShareSourceKind = 'netdisk' | 'cluster' | 'cloud' | 'dataset';

export const shareSourceLabels: Record<ShareSourceKind, string> = {
  netdisk: '网盘',
  cluster: '文件存储',
  cloud: '云盘',
  dataset: '数据集',
};

/** A source key's kind and name ('netdisk:hd-2' → netdisk, hd-2), or the refusal. */
export function parseShareSource(source: string): { kind: ShareSourceKind; name: string } {
  const [kind = '', name = ''] = source.split(/:(.*)/s);
  const valid =
    ((kind === 'netdisk' || kind === 'cloud') && /^[A-Za-z0-9-]{1,32}$/.test(name)) ||
    ((kind === 'cluster' || kind === 'dataset') && /^[1-9]\d{0,8}$/.test(name));
  if (!valid) throw invalid('分享的存储位置不合法');
  return { kind: kind as ShareSourceKind, name };
}

/** A ready dataset the user may read: a public one or one of their own. */
export async function readyDataset(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, id), eq(datasets.status, 'ready'), or(isNull(datasets.ownerId), eq(datasets.ownerId, userId))));
  return row ?? null;
}

/**
 * The files of a share's source as its owner holds them now, read-only; null when the source is gone (a disk or
 * dataset deleted, a cluster disabled). A cluster that cannot be reached now still refuses with its own message.
 */
export async function openShareSource(app: FastifyInstance, userId: number, source: string): Promise<ReadableFiles | null> {
  const { kind, name } = parseShareSource(source);
  if (kind === 'cloud') {
    const disk = await findCloudDisk(app, userId, name);
    return disk ? cloudDiskFiles(app.blobs, cloudDiskRoot(userId, name)) : null;
  }
  if (kind === 'dataset') return (await readyDataset(app.db, userId, Number(name))) ? datasetFileSystem(app, Number(name)) : null;
  try {
    return (await openTree(app, userId, source)).fs;
  } catch (error) {
    if (error instanceof AppError && (error.code === 404 || error.code === 409)) return null;
    throw error;
  }
}
