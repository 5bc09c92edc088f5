import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../db/index.js';
import type { FileTree } from '../storage/index.js';

/** Where a stored file goes: an area of the blob store, or a file tree. */
export interface Placement {
  area: string;
  /** Path of the file inside the area, name included. */
  path: string;
  contentType?: string;
  /** A file tree the file lands in (file storage, network disk) instead of the blob store; `area` is then `treeArea(tree)`. */
  tree?: FileTree;
}

/**
 * Why a file cannot go to `placement`, or null: folders exist only as the paths of the files in
 * them, so a file cannot take a folder's name, nor a folder a file's.
 */
export async function pathClash(app: FastifyInstance, userId: number, placement: Placement): Promise<string | null> {
  const inArea = and(eq(storedFiles.userId, userId), eq(storedFiles.area, placement.area));
  const segments = placement.path.split('/');
  const folders = segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
  if (folders.length > 0) {
    const [file] = await app.db
      .select({ path: storedFiles.path })
      .from(storedFiles)
      .where(and(inArea, inArray(storedFiles.path, folders)))
      .limit(1);
    if (file) return `「${file.path}」是一个文件，不能作为文件夹`;
  }
  const [inside] = await app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(and(inArea, sql`starts_with(${storedFiles.path}, ${`${placement.path}/`})`))
    .limit(1);
  return inside ? `已存在同名文件夹「${placement.path}」，请换一个文件名` : null;
}
