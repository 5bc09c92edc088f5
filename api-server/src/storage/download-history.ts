import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { downloadRecords } from '../db/index.js';
import { openTree, type FileTree } from './file-trees.js';

/** The user's downloads, newest first, each with whether its file or folder is still where it was. */
export async function pageOfDownloads(app: FastifyInstance, userId: number, o: { limit: number; offset: number }) {
  const rows = await app.db
    .select()
    .from(downloadRecords)
    .where(eq(downloadRecords.userId, userId))
    .orderBy(desc(downloadRecords.id))
    .limit(o.limit)
    .offset(o.offset);
  const [total] = await app.db.select({ n: count() }).from(downloadRecords).where(eq(downloadRecords.userId, userId));
  const trees = new Map<string, Promise<FileTree | null>>();
  const treeOf = (key: string) => {
    if (!trees.has(key))
      trees.set(
        key,
        openTree(app, userId, key).catch(() => null),
      );
    return trees.get(key)!;
  };
  const list = await Promise.all(
    rows.map(async (row) => {
      const tree = await treeOf(row.tree);
      const entry = tree ? await tree.fs.stat(row.path).catch(() => null) : null;
      return {
        id: row.id,
        tree: row.tree,
        treeLabel: tree?.label ?? '已不可用的存储',
        path: row.path,
        name: path.posix.basename(row.path) || '根目录',
        isDir: row.isDir,
        bytes: row.bytes,
        exists: entry !== null && entry.isDir === row.isDir,
        gmtCreate: row.createdAt,
      };
    }),
  );
  return { list, total: total?.n ?? 0 };
}
