import path from 'node:path';
import { conflict, invalid, notFound } from '../errors.js';
import { checkFileName, checkRelativePath, joinPath } from '../uploads/file-names.js';
import type { FileEntry } from './file-system.js';
import { asUserError, type FileTree } from './file-trees.js';
import { ensureOutsideTrash, withoutTrash } from './trash.js';
import { ensureTreeRoom } from './tree-quota.js';

export type SortField = 'name' | 'size' | 'time';

/** A path a call names: the file-name rules of uploads, and never the trash folder. */
export const diskPath = (text: string, label = '路径') => ensureOutsideTrash(checkRelativePath(text, label));

/** Runs a file-system call, wording its refusals for the user. */
export async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUserError(error);
  }
}

export function ensureWritable(tree: FileTree) {
  if (!tree.writable) throw conflict(`${tree.label}已冻结（欠费），充值后即可恢复写入`);
}

async function existing(tree: FileTree, relative: string): Promise<FileEntry> {
  const entry = await tree.fs.stat(relative);
  if (!entry) throw notFound(`「${path.posix.basename(relative) || '根目录'}」不存在或已删除`);
  return entry;
}

async function ensureFolder(tree: FileTree, relative: string) {
  if (relative === '') return;
  const entry = await existing(tree, relative);
  if (!entry.isDir) throw invalid(`「${entry.name}」不是文件夹`);
}

const comparators: Record<SortField, (a: FileEntry, b: FileEntry) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
  size: (a, b) => a.size - b.size || a.name.localeCompare(b.name, 'zh-CN'),
  time: (a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime() || a.name.localeCompare(b.name, 'zh-CN'),
};

/** One page of a folder, folders first, then sorted; the trash is not listed. */
export async function listFolder(
  tree: FileTree,
  folder: string,
  o: { sort: SortField; order: 'asc' | 'desc'; pageNum: number; pageSize: number },
) {
  const entries = withoutTrash(folder, await userFacing(() => tree.fs.list(folder)));
  const direction = o.order === 'desc' ? -1 : 1;
  entries.sort((a, b) => Number(b.isDir) - Number(a.isDir) || direction * comparators[o.sort](a, b));
  const start = (o.pageNum - 1) * o.pageSize;
  return { list: entries.slice(start, start + o.pageSize), total: entries.length };
}

export async function makeFolder(tree: FileTree, parent: string, name: string) {
  ensureWritable(tree);
  const target = joinPath(parent, checkFileName(name, '文件夹名称'));
  await ensureFolder(tree, parent);
  if (await tree.fs.stat(target)) throw conflict(`「${name}」已存在，请换一个名称`);
  await ensureTreeRoom(tree, { bytes: 0, files: 0 });
  await userFacing(() => tree.fs.mkdir(target));
  return target;
}

export async function renameEntry(tree: FileTree, relative: string, name: string) {
  ensureWritable(tree);
  if (relative === '') throw invalid('不能重命名根目录');
  const target = joinPath(path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative), checkFileName(name, '新名称'));
  await existing(tree, relative);
  if (target === relative) return target;
  await userFacing(() => tree.fs.rename(relative, target));
  return target;
}

function ensureNotInside(source: string, to: string) {
  if (to === source || to.startsWith(`${source}/`)) throw invalid(`不能把「${path.posix.basename(source)}」放进它自己或它的子文件夹`);
}

/**
 * Moves or copies entries into folder `to`, keeping their names; checks every one before touching any,
 * and a copy's bytes and files against the quota before writing.
 */
export async function transferEntries(tree: FileTree, mode: 'move' | 'copy', sources: string[], to: string) {
  ensureWritable(tree);
  await ensureFolder(tree, to);
  const plan: Array<{ from: string; to: string }> = [];
  const extra = { bytes: 0, files: 0 };
  for (const source of sources) {
    if (source === '') throw invalid('不能移动或复制根目录');
    ensureNotInside(source, to);
    const entry = await existing(tree, source);
    const target = joinPath(to, entry.name);
    if (target === source) throw conflict(`「${entry.name}」已在目标文件夹中`);
    if (await tree.fs.stat(target)) throw conflict(`目标文件夹中已有「${entry.name}」，请先重命名`);
    if (plan.some((step) => step.to === target)) throw conflict(`选中的项目中有重名的「${entry.name}」`);
    if (mode === 'copy') {
      const usage = entry.isDir ? await tree.fs.usage(source) : { bytes: entry.size, files: 1 };
      extra.bytes += usage.bytes;
      extra.files += usage.files;
    }
    plan.push({ from: source, to: target });
  }
  if (mode === 'copy') await ensureTreeRoom(tree, extra);
  for (const step of plan)
    await userFacing(() => (mode === 'move' ? tree.fs.rename(step.from, step.to) : tree.fs.copy(step.from, step.to)));
  return plan.length;
}
