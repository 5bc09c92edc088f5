import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { storedFiles } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { checkFileName, checkRelativePath, joinPath } from '../lib/index.js';
import type { FileEntry } from './file-system.js';
import { asUserError, type FileTree } from './file-trees.js';
import { createTransferTask } from './tasks.js';
import { ensureOutsideTrash, withoutTrash } from './trash.js';
import { ensureTreeRoom, type TreeUsage } from './tree-quota.js';

export type TreeSort = 'name' | 'size' | 'time';

/** Runs a file-system call, answering a backend's refusal as the user's message. */
export async function inTree<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asUserError(error);
  }
}

/** A path a call may work on: the rules of uploads (no traversal, no bad names), never inside the trash. */
export function treePath(text: string, label = '路径'): string {
  return ensureOutsideTrash(checkRelativePath(ensureOutsideTrash(text), label));
}

/** A path naming a file or folder, not the root. */
function itemPath(text: string): string {
  const relative = treePath(text);
  if (relative === '') throw invalid('不能操作根目录');
  return relative;
}

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true });
const comparers: Record<TreeSort, (a: FileEntry, b: FileEntry) => number> = {
  name: (a, b) => collator.compare(a.name, b.name),
  size: (a, b) => a.size - b.size || collator.compare(a.name, b.name),
  time: (a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime() || collator.compare(a.name, b.name),
};

/** One page of a folder, folders before files, sorted by name, size or time. */
export async function listTreeFolder(
  tree: FileTree,
  folderText: string,
  options: { sort?: TreeSort; order?: 'asc' | 'desc'; pageNum?: number; pageSize?: number } = {},
): Promise<{ path: string; total: number; list: FileEntry[] }> {
  const folder = treePath(folderText);
  const entries = withoutTrash(folder, await inTree(() => tree.fs.list(folder)));
  const compare = comparers[options.sort ?? 'name'];
  const direction = options.order === 'desc' ? -1 : 1;
  entries.sort((a, b) => Number(b.isDir) - Number(a.isDir) || direction * compare(a, b));
  const pageSize = options.pageSize ?? 100;
  const start = ((options.pageNum ?? 1) - 1) * pageSize;
  return { path: folder, total: entries.length, list: entries.slice(start, start + pageSize) };
}

/** The folders of a folder, by name (the target picker of move and copy). */
export async function listTreeFolders(tree: FileTree, folderText: string): Promise<FileEntry[]> {
  const folder = treePath(folderText);
  const entries = withoutTrash(folder, await inTree(() => tree.fs.list(folder)));
  return entries.filter((entry) => entry.isDir).sort(comparers.name);
}

const notThere = (relative: string) => notFound(`「${path.posix.basename(relative)}」不存在或已删除`);

function ensureWritable(tree: FileTree): void {
  if (!tree.writable) throw conflict(`${tree.label}已冻结（欠费），充值后即可恢复写入`);
}

async function ensureFree(tree: FileTree, relative: string): Promise<void> {
  if (await inTree(() => tree.fs.stat(relative))) throw conflict(`「${path.posix.basename(relative)}」已存在，请换一个名称`);
}

/** A new folder `name` in `parent`; refuses a name already taken. */
export async function makeTreeFolder(tree: FileTree, parentText: string, name: string): Promise<FileEntry> {
  ensureWritable(tree);
  const folder = joinPath(treePath(parentText), checkFileName(name, '文件夹名称'));
  const parent = path.posix.dirname(folder) === '.' ? '' : path.posix.dirname(folder);
  const above = parent ? await inTree(() => tree.fs.stat(parent)) : null;
  if (parent && !above?.isDir) throw invalid(`「${parent}」不存在或不是文件夹`);
  await ensureFree(tree, folder);
  await inTree(() => tree.fs.mkdir(folder));
  return (await tree.fs.stat(folder))!;
}

/** Gives a file or folder a new name in the same folder. */
export async function renameTreeItem(app: FastifyInstance, tree: FileTree, itemText: string, name: string): Promise<FileEntry> {
  ensureWritable(tree);
  const from = itemPath(itemText);
  const to = joinPath(path.posix.dirname(from) === '.' ? '' : path.posix.dirname(from), checkFileName(name, '新名称'));
  const entry = await inTree(() => tree.fs.stat(from));
  if (!entry) throw notThere(from);
  if (to === from) return entry;
  await ensureFree(tree, to);
  await inTree(() => tree.fs.rename(from, to));
  await forgetStoredPaths(app, tree, from);
  return (await tree.fs.stat(to))!;
}

/** Checks every item and the target folder before any is touched: each there, named freshly in the target, not into itself. */
type TransferPlan = Awaited<ReturnType<typeof planTransfer>>;

async function planTransfer(tree: FileTree, itemTexts: string[], targetText: string) {
  const target = treePath(targetText, '目标文件夹');
  if (target) {
    const folder = await inTree(() => tree.fs.stat(target));
    if (!folder?.isDir) throw invalid(`目标文件夹「${target}」不存在`);
  }
  const items = [...new Set(itemTexts.map(itemPath))];
  const plan: { from: string; to: string; entry: FileEntry }[] = [];
  for (const from of items) {
    const entry = await inTree(() => tree.fs.stat(from));
    if (!entry) throw notThere(from);
    const to = joinPath(target, entry.name);
    if (to === target || target.startsWith(`${from}/`)) throw invalid(`不能把「${entry.name}」放进它自己或它的子文件夹`);
    if (to !== from) await ensureFree(tree, to);
    plan.push({ from, to, entry });
  }
  const names = plan.map((item) => item.entry.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw conflict(`选中的项目中有重名的「${twice}」，请分开操作`);
  return plan;
}

/** Moves files and folders into a folder of the same tree; every check passes before the first one moves. */
export async function moveTreeItems(app: FastifyInstance, tree: FileTree, itemTexts: string[], targetText: string): Promise<string[]> {
  ensureWritable(tree);
  const plan = await planTransfer(tree, itemTexts, targetText);
  for (const { from, to } of plan) {
    if (from === to) continue;
    await inTree(() => tree.fs.rename(from, to));
    await forgetStoredPaths(app, tree, from);
  }
  return plan.map((item) => item.to);
}

/** Copies files into a folder of the same tree, refused with the numbers when the copies would not fit the quota. */
async function copyFiles(tree: FileTree, plan: TransferPlan): Promise<string[]> {
  const extra: TreeUsage = { bytes: plan.reduce((sum, { entry }) => sum + entry.size, 0), files: plan.length };
  await ensureTreeRoom(tree, extra);
  for (const { from, to } of plan) {
    if (from !== to) await inTree(() => tree.fs.copy(from, to));
  }
  return plan.map((item) => item.to);
}

/**
 * Why a file cannot be written at `relative`, or null: a folder holds that name, or a file holds the
 * name of one of its folders.
 */
export async function treeClash(tree: FileTree, relative: string): Promise<string | null> {
  const segments = relative.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const folder = segments.slice(0, depth).join('/');
    const entry = await tree.fs.stat(folder);
    if (!entry) break;
    if (!entry.isDir) return `「${folder}」是一个文件，不能作为文件夹`;
  }
  return (await tree.fs.stat(relative))?.isDir ? `已存在同名文件夹「${relative}」，请换一个文件名` : null;
}

/** Writes a file of `size` bytes into the tree, refused before any byte when it would not fit (a file it replaces is given back). */
export async function writeTreeFile(tree: FileTree, relative: string, source: Readable, size: number): Promise<void> {
  const replaced = await inTree(() => tree.fs.stat(relative));
  await ensureTreeRoom(tree, { bytes: size - (replaced?.size ?? 0), files: replaced ? 0 : 1 });
  await inTree(() => tree.fs.write(relative, source, { maxBytes: size }));
}

/**
 * Puts a file of `size` bytes lying on this machine (an upload's assembled bytes) into the tree: moved
 * where the tree can take it (no second copy of the bytes), else written from `read()`; quota as `writeTreeFile`.
 */
export async function placeTreeFile(
  tree: FileTree,
  relative: string,
  file: string | undefined,
  read: () => Readable,
  size: number,
): Promise<void> {
  const adopt = tree.fs.adopt?.bind(tree.fs);
  if (file === undefined || !adopt) return writeTreeFile(tree, relative, read(), size);
  const replaced = await inTree(() => tree.fs.stat(relative));
  await ensureTreeRoom(tree, { bytes: size - (replaced?.size ?? 0), files: replaced ? 0 : 1 });
  await inTree(() => adopt(relative, file));
}

/** The stored-file area recording what uploads placed in a tree (the sources of 秒传). */
export const treeArea = (tree: Pick<FileTree, 'key'>) => `tree:${tree.key}`;

/** Forgets the upload records under a path that moved or went, so no upload is completed from it. */
export async function forgetStoredPaths(app: FastifyInstance, tree: FileTree, relative: string): Promise<void> {
  await app.db
    .delete(storedFiles)
    .where(
      and(
        eq(storedFiles.userId, tree.userId),
        eq(storedFiles.area, treeArea(tree)),
        or(eq(storedFiles.path, relative), sql`starts_with(${storedFiles.path}, ${`${relative}/`})`),
      ),
    );
}

export const backgroundCopyMessage = '含文件夹，已转为后台复制，可在「我的下载」查看进度';

/**
 * Copies files and folders into a folder of the same tree, every check passing before the first byte:
 * files at once; with a folder among them, the whole copy runs as a background task (progress, cancel
 * and a failure report in 我的下载), whose id is answered.
 */
export async function copyIntoFolder(
  app: FastifyInstance,
  tree: FileTree,
  itemTexts: string[],
  targetText: string,
): Promise<{ paths: string[]; taskId: number | null }> {
  ensureWritable(tree);
  const plan = await planTransfer(tree, itemTexts, targetText);
  const paths = plan.map((item) => item.to);
  if (!plan.some((item) => item.entry.isDir)) return { paths: await copyFiles(tree, plan), taskId: null };
  const task = await createTransferTask(app, tree.userId, {
    kind: 'copy',
    sourceTree: tree.key,
    paths: plan.map((item) => item.from),
    targetTree: tree.key,
    targetFolder: treePath(targetText, '目标文件夹'),
  });
  return { paths, taskId: task.id };
}
