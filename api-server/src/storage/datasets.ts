import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasets, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { indexDocument, removeDocument } from '../content/index.js';
import type { FileSystem } from './file-system.js';
import type { FileTree } from './file-trees.js';
import { LocalFileSystem } from './local-file-system.js';

export type Dataset = typeof datasets.$inferSelect;
export const datasetTreeKey = (id: number) => `dataset:${id}`;

export const datasetStatusNames: Record<string, string> = { building: '生成中', ready: '可用', failed: '生成失败' };

export function datasetFolder(app: FastifyInstance, id: number): string {
  return path.join(app.config.dataDir, 'datasets', String(id));
}

/** A dataset's files, read-only to every call but the task that builds it. */
export function datasetFileSystem(app: FastifyInstance, id: number): FileSystem {
  return new LocalFileSystem(datasetFolder(app, id));
}

/** A public dataset, or one of the user's own. */
export async function readableDataset(db: Executor, userId: number | null, id: number): Promise<Dataset> {
  const owner = userId === null ? isNull(datasets.ownerId) : or(isNull(datasets.ownerId), eq(datasets.ownerId, userId));
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, id), owner));
  if (!row) throw notFound('数据集不存在');
  return row;
}

/** A dataset the user may copy or mount: readable and ready. */
export async function usableDataset(db: Executor, userId: number, id: number): Promise<Dataset> {
  const row = await readableDataset(db, userId, id);
  if (row.status !== 'ready') throw conflict(row.status === 'building' ? '数据集正在生成中，请稍后再试' : '数据集生成失败，不能使用');
  return row;
}

export async function ownDataset(db: Executor, userId: number, id: number): Promise<Dataset> {
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, id), eq(datasets.ownerId, userId)));
  if (!row) throw notFound('数据集不存在');
  return row;
}

/** A dataset as a file tree for tasks: readable when ready, writable only while its own build task fills it. */
export async function openDatasetTree(app: FastifyInstance, userId: number, id: number, o: { building: boolean }): Promise<FileTree> {
  const dataset = o.building ? await ownDataset(app.db, userId, id) : await usableDataset(app.db, userId, id);
  return {
    key: datasetTreeKey(id),
    userId,
    label: `数据集「${dataset.title}」`,
    fs: datasetFileSystem(app, id),
    quota: { bytes: Number.MAX_SAFE_INTEGER, files: Number.MAX_SAFE_INTEGER },
    writable: o.building && dataset.status === 'building',
  };
}

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

async function sha256Of(files: FileSystem, relative: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await files.read(relative)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function walkFiles(files: FileSystem, folder: string, found: string[]): Promise<string[]> {
  for (const entry of await files.list(folder)) {
    if (entry.isDir) await walkFiles(files, entry.path, found);
    else found.push(entry.path);
  }
  return found;
}

/** One line per file, `path\tsize\tsha256`, sorted by path (code points); the checksum is the SHA-256 of these lines. */
export function manifestText(entries: ManifestEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((entry) => `${entry.path}\t${entry.size}\t${entry.sha256}\n`)
    .join('');
}

/** Every file of a dataset with its size and SHA-256, the totals, and the checksum of the manifest. */
export async function datasetManifest(files: FileSystem) {
  const entries: ManifestEntry[] = [];
  for (const relative of await walkFiles(files, '', [])) {
    const entry = await files.stat(relative);
    entries.push({ path: relative, size: entry!.size, sha256: await sha256Of(files, relative) });
  }
  return {
    entries,
    sizeBytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    fileCount: entries.length,
    checksum: createHash('sha256').update(manifestText(entries)).digest('hex'),
  };
}

/** Computes a built dataset's size, count and checksum, and makes it ready. */
export async function sealDataset(app: FastifyInstance, id: number): Promise<void> {
  const manifest = await datasetManifest(datasetFileSystem(app, id));
  await app.db
    .update(datasets)
    .set({ sizeBytes: manifest.sizeBytes, fileCount: manifest.fileCount, checksum: manifest.checksum, status: 'ready' })
    .where(eq(datasets.id, id));
  await indexPublicDataset(app.db, id);
}

/** Site search finds the public catalogue's ready datasets (spec §2 type 16); a user's own datasets stay out of it. */
export async function indexPublicDataset(db: Executor, id: number): Promise<void> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  if (row && row.ownerId === null && row.status === 'ready')
    await indexDocument(db, {
      kind: 'dataset',
      refId: id,
      title: row.title,
      body: `${row.name} ${row.description}`,
      publishedAt: row.createdAt,
    });
  else await removeDocument(db, 'dataset', id);
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of datasets, newest first: the public catalogue (`ownerId` null) or one user's own. */
export async function pageOfDatasets(db: Executor, ownerId: number | null, o: { keyword?: string; limit: number; offset: number }) {
  const keyword = o.keyword?.trim();
  const where: SQL | undefined = and(
    ownerId === null ? isNull(datasets.ownerId) : eq(datasets.ownerId, ownerId),
    keyword
      ? or(ilike(datasets.name, like(keyword)), ilike(datasets.title, like(keyword)), ilike(datasets.description, like(keyword)))
      : undefined,
  );
  const list = await db.select().from(datasets).where(where).orderBy(desc(datasets.id)).limit(o.limit).offset(o.offset);
  const [total] = await db.select({ n: count() }).from(datasets).where(where);
  return { list, total: total?.n ?? 0 };
}

/** Refuses a name already used by a public dataset or by another of the user's own (both mount under /root/public-data/). */
export async function ensureDatasetNameFree(db: Executor, userId: number, name: string, exceptId?: number): Promise<void> {
  const rows = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.name, name), or(isNull(datasets.ownerId), eq(datasets.ownerId, userId))));
  if (rows.some((row) => row.id !== exceptId)) throw conflict(`数据集名称「${name}」已被使用，请换一个名称`);
}

/** Deletes one of the user's datasets and its files; refused while an instance mounts it or it is being built. */
export async function deleteOwnDataset(app: FastifyInstance, userId: number, id: number): Promise<Dataset> {
  const dataset = await ownDataset(app.db, userId, id);
  if (dataset.status === 'building') throw conflict('数据集正在生成中，请等待完成或取消任务后再删除');
  const mounting = await app.compute.mounts.instancesMounting(app.db, id);
  if (mounting.length > 0) throw conflict(`数据集已挂载到实例「${mounting.map((row) => row.name).join('」「')}」，请先卸载后再删除`);
  await app.db.delete(datasets).where(eq(datasets.id, id));
  await removeDocument(app.db, 'dataset', id);
  await fs.promises.rm(datasetFolder(app, id), { recursive: true, force: true });
  return dataset;
}

/** A dataset as the pages show it. */
export function datasetView(row: Dataset) {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    licence: row.licence,
    version: row.version,
    sizeBytes: row.sizeBytes,
    fileCount: row.fileCount,
    checksum: row.checksum,
    status: row.status,
    statusName: datasetStatusNames[row.status] ?? row.status,
    isPublic: row.ownerId === null,
    gmtCreate: row.createdAt,
  };
}
