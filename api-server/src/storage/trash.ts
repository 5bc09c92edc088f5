import path from 'node:path';
import { and, asc, desc, eq, isNull, like, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../accounts/index.js';
import { trashItems, type Executor } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { internalName } from '../lib/index.js';
import { openTree, type FileTree } from './file-trees.js';
import type { FileEntry } from './file-system.js';

/** Where a tree keeps what was deleted from it: a folder at its root, hidden from listings, counted by its quota. */
export const trashFolder = internalName('trash');
const day = 86_400_000;

export type TrashItem = typeof trashItems.$inferSelect;

/** A listing without the trash folder, which the user reaches through the trash calls only. */
export function withoutTrash(folder: string, entries: FileEntry[]): FileEntry[] {
  return folder === '' ? entries.filter((entry) => entry.name !== trashFolder) : entries;
}

/** Refuses paths inside the trash folder, so no call but the trash calls reaches it. */
export function ensureOutsideTrash(relative: string): string {
  if (relative === trashFolder || relative.startsWith(`${trashFolder}/`)) throw invalid('不能直接操作回收站，请使用回收站功能');
  return relative;
}

/** Moves a file or folder to the tree's trash, kept `retentionDays`; answers what it holds. */
export async function moveToTrash(app: FastifyInstance, tree: FileTree, relative: string): Promise<TrashItem> {
  if (relative === '') throw invalid('不能删除根目录');
  ensureOutsideTrash(relative);
  const entry = await tree.fs.stat(relative);
  if (!entry) throw notFound(`「${path.posix.basename(relative)}」不存在或已删除`);
  const usage = entry.isDir ? await tree.fs.usage(relative) : { bytes: entry.size, files: 1 };
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trashItems)
      .values({
        userId: tree.userId,
        tree: tree.key,
        originalPath: relative,
        trashPath: '',
        isDir: entry.isDir,
        bytes: usage.bytes,
        files: usage.files,
        deletedAt: now,
        expiresAt: new Date(now.getTime() + app.config.storage.trashRetentionDays * day),
      })
      .returning();
    const trashPath = `${trashFolder}/${row!.id}/${entry.name}`;
    await tx.update(trashItems).set({ trashPath }).where(eq(trashItems.id, row!.id));
    // Inside the transaction: when the move fails, no row claims it.
    await tree.fs.rename(relative, trashPath);
    return { ...row!, trashPath };
  });
}

export async function listTrash(app: FastifyInstance, userId: number, treeKey: string): Promise<TrashItem[]> {
  return app.db
    .select()
    .from(trashItems)
    .where(and(eq(trashItems.userId, userId), eq(trashItems.tree, treeKey)))
    .orderBy(desc(trashItems.id));
}

async function ownItem(app: FastifyInstance, userId: number, id: number): Promise<TrashItem> {
  const [row] = await app.db
    .select()
    .from(trashItems)
    .where(and(eq(trashItems.id, id), eq(trashItems.userId, userId)));
  if (!row) throw notFound('回收站中没有该项，可能已恢复或已清除');
  return row;
}

/** Puts an item back where it was deleted from; refuses when something of that name is there now. */
export async function restoreFromTrash(app: FastifyInstance, userId: number, id: number): Promise<TrashItem> {
  const item = await ownItem(app, userId, id);
  const tree = await openTree(app, userId, item.tree);
  if (await tree.fs.stat(item.originalPath))
    throw conflict(`原位置已存在「${path.posix.basename(item.originalPath)}」，请先重命名或移走它再恢复`);
  await tree.fs.rename(item.trashPath, item.originalPath);
  await tree.fs.remove(path.posix.dirname(item.trashPath));
  await app.db.delete(trashItems).where(eq(trashItems.id, item.id));
  return item;
}

async function purge(app: FastifyInstance, tree: FileTree, item: TrashItem): Promise<void> {
  await tree.fs.remove(path.posix.dirname(item.trashPath));
  await app.db.delete(trashItems).where(eq(trashItems.id, item.id));
}

/** Removes one item for good. */
export async function deleteFromTrash(app: FastifyInstance, userId: number, id: number): Promise<TrashItem> {
  const item = await ownItem(app, userId, id);
  await purge(app, await openTree(app, userId, item.tree), item);
  return item;
}

/** Removes everything in a tree's trash for good; answers how many items went. */
export async function emptyTrash(app: FastifyInstance, userId: number, treeKey: string): Promise<number> {
  const items = await listTrash(app, userId, treeKey);
  if (items.length === 0) return 0;
  const tree = await openTree(app, userId, treeKey);
  for (const item of items) await purge(app, tree, item);
  return items.length;
}

/** Removes what has outlived its retention and warns, once, about what goes within a day. */
export async function sweepTrash(app: FastifyInstance): Promise<{ purged: number; warned: number }> {
  const now = app.clock.now();
  const expired = await app.db.select().from(trashItems).where(lte(trashItems.expiresAt, now)).orderBy(asc(trashItems.id));
  let purged = 0;
  for (const item of expired) {
    try {
      await purge(app, await openTree(app, item.userId, item.tree), item);
      purged += 1;
    } catch (error) {
      app.log.warn({ err: error, trashItem: item.id }, 'trash sweep could not purge an item');
    }
  }
  const dueTomorrow = await app.db
    .select()
    .from(trashItems)
    .where(and(lte(trashItems.expiresAt, new Date(now.getTime() + day)), isNull(trashItems.warnedAt)));
  for (const item of dueTomorrow) {
    await app.db.transaction(async (tx) => {
      await notify(
        tx,
        item.userId,
        '回收站文件即将清除',
        `回收站中的「${path.posix.basename(item.originalPath)}」将在24小时内被永久删除，如需保留请尽快恢复。`,
        now,
      );
      await tx.update(trashItems).set({ warnedAt: now }).where(eq(trashItems.id, item.id));
    });
  }
  return { purged, warned: dueTomorrow.length };
}

/** A trash item of one of the user's network disks (other trees' trash is reached through their own calls). */
export async function ownNetDiskTrashItem(db: Executor, userId: number, id: number) {
  const [item] = await db
    .select()
    .from(trashItems)
    .where(and(eq(trashItems.id, id), eq(trashItems.userId, userId), like(trashItems.tree, 'netdisk:%')));
  if (!item) throw notFound('回收站中没有该项，可能已恢复或已清除');
  return item;
}
