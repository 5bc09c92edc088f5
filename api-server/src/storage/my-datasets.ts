import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MyDatasetCreateBody, MyDatasetUpdateBody } from '@rc/api-contract/data/dataset';
import { datasets, type Executor } from '../db/index.js';
import { invalid } from '../errors.js';
import { checkRelativePath } from '../lib/index.js';
import { datasetTreeKey, ensureDatasetNameFree, ownDataset } from './datasets.js';
import { asUserError, netDiskTreeKey, openTree } from './file-trees.js';
import { createTask } from './tasks.js';

/**
 * Creates one of the user's datasets from a folder of their network disk: the row at once (生成中),
 * and a task that copies the folder into the dataset store, then computes size, count and checksum.
 */
export async function createOwnDataset(app: FastifyInstance, userId: number, body: MyDatasetCreateBody) {
  const folder = checkRelativePath(body.folder, '网盘文件夹');
  await ensureDatasetNameFree(app.db, userId, body.name);
  const tree = await openTree(app, userId, netDiskTreeKey(body.regionCode));
  const entry = await tree.fs.stat(folder).catch((error: unknown) => Promise.reject(asUserError(error)));
  if (!entry?.isDir) throw invalid('请选择网盘中的一个文件夹');
  const [dataset] = await app.db
    .insert(datasets)
    .values({
      ownerId: userId,
      name: body.name,
      title: body.title,
      description: body.description ?? '',
      licence: body.licence,
      version: body.version,
      status: 'building',
      createdAt: app.clock.now(),
    })
    .returning();
  try {
    const task = await createTask(app, userId, {
      kind: 'dataset',
      sourceTree: tree.key,
      items: [{ from: folder, to: '' }],
      targetTree: datasetTreeKey(dataset!.id),
      targetFolder: '',
      datasetId: dataset!.id,
    });
    return { dataset: dataset!, task };
  } catch (error) {
    await app.db.delete(datasets).where(eq(datasets.id, dataset!.id));
    throw error;
  }
}

/** Changes the title, description, licence and version of the user's own dataset. */
export async function updateOwnDataset(db: Executor, userId: number, body: MyDatasetUpdateBody) {
  const { id, title, description, licence, version } = body;
  await ownDataset(db, userId, id);
  const [row] = await db.update(datasets).set({ title, description, licence, version }).where(eq(datasets.id, id)).returning();
  return row!;
}
