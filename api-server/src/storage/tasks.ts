import path from 'node:path';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasets, storageTasks } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { FileSystemError, type FileSystem } from './file-system.js';
import { asUserError, openTree, type FileTree } from './file-trees.js';
import { openDatasetTree, sealDataset } from './datasets.js';
import { ensureOutsideTrash, withoutTrash } from './trash.js';
import { ensureTreeRoom } from './tree-quota.js';
import { wakeTaskRunner } from './task-runner-wake.js';

export type TaskRow = typeof storageTasks.$inferSelect;
/** copy and move between trees; dataset fills one of the user's datasets from a folder of theirs. */
export type TaskKind = 'copy' | 'move' | 'dataset';
export type TaskStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export const taskKindNames: Record<TaskKind, string> = { copy: '复制', move: '移动', dataset: '生成数据集' };
export const taskStatusNames: Record<TaskStatus, string> = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
};

/** One file to carry over, `from` in the source tree, `to` in the target tree. */
interface PlannedFile {
  from: string;
  to: string;
  size: number;
}

/** What the task reads: the selected items, and the plan made from them when the task was created. */
interface TaskSource {
  tree: string;
  items: { from: string; to: string }[];
  folders: string[];
  files: PlannedFile[];
}

interface TaskTarget {
  tree: string;
  folder: string;
  datasetId?: number;
}

export interface TaskFailure {
  path: string;
  reason: string;
}

export interface TransferRequest {
  kind: 'copy' | 'move';
  sourceTree: string;
  /** Files and folders of the source tree, each carried into `targetFolder` under its own name. */
  paths: string[];
  targetTree: string;
  targetFolder: string;
}

const isDatasetKey = (key: string) => key.startsWith('dataset:');

/** The tree a task reads from or writes to: a file tree of the user, or a dataset. */
async function openTaskTree(app: FastifyInstance, userId: number, key: string, o: { building: boolean }): Promise<FileTree> {
  if (!isDatasetKey(key)) return openTree(app, userId, key);
  const id = Number(key.slice('dataset:'.length));
  if (!Number.isSafeInteger(id) || id < 1) throw invalid('存储位置不合法');
  return openDatasetTree(app, userId, id, o);
}

const within = (inner: string, outer: string) => outer === '' || inner === outer || inner.startsWith(`${outer}/`);

async function planItems(source: FileSystem, items: { from: string; to: string }[]) {
  const folders: string[] = [];
  const files: PlannedFile[] = [];
  const walk = async (from: string, to: string): Promise<void> => {
    folders.push(to);
    for (const entry of withoutTrash(from, await source.list(from))) {
      const target = to ? `${to}/${entry.name}` : entry.name;
      if (entry.isDir) await walk(entry.path, target);
      else files.push({ from: entry.path, to: target, size: entry.size });
    }
  };
  for (const item of items) {
    const entry = await source.stat(item.from);
    if (!entry) throw new FileSystemError('not-found', item.from);
    if (entry.isDir) await walk(item.from, item.to);
    else files.push({ from: item.from, to: item.to, size: entry.size });
  }
  return { folders, files };
}

function describe(kind: TaskKind, source: FileTree, items: { from: string }[], target: FileTree, folder: string): string {
  const first = items[0]!.from === '' ? source.label : `「${path.posix.basename(items[0]!.from)}」`;
  const what = items.length > 1 ? `${first}等 ${items.length} 项` : first;
  const where = `${target.label}${folder ? `/${folder}` : ''}`;
  return kind === 'dataset' ? `${what}生成${target.label}` : `${taskKindNames[kind]}${what}到 ${where}`.slice(0, 200);
}

/**
 * Plans a task (every file it will carry, counted and sized), refuses it before any byte is written
 * when a name is taken at the target, an item would go into itself, or the target has no room, and
 * queues it for the runner.
 */
export async function createTask(
  app: FastifyInstance,
  userId: number,
  o: {
    kind: TaskKind;
    sourceTree: string;
    items: { from: string; to: string }[];
    targetTree: string;
    targetFolder: string;
    datasetId?: number;
  },
): Promise<TaskRow> {
  if (o.items.length === 0) throw invalid('请选择要处理的文件或文件夹');
  if (o.kind === 'move' && isDatasetKey(o.sourceTree)) throw invalid('数据集只能复制，不能移动');
  try {
    const source = await openTaskTree(app, userId, o.sourceTree, { building: false });
    const target = await openTaskTree(app, userId, o.targetTree, { building: o.kind === 'dataset' });
    for (const item of o.items) {
      ensureOutsideTrash(item.from);
      ensureOutsideTrash(item.to);
      if (source.key === target.key && within(item.to, item.from))
        throw invalid(`不能把「${path.posix.basename(item.from)}」${taskKindNames[o.kind]}到它自身或其子文件夹中`);
      if (item.to !== '' && (await target.fs.stat(item.to))) throw new FileSystemError('exists', item.to);
    }
    const folder = await target.fs.stat(o.targetFolder);
    if (o.targetFolder !== '' && folder && !folder.isDir) throw new FileSystemError('not-a-folder', o.targetFolder);
    const plan = await planItems(source.fs, o.items);
    const totalBytes = plan.files.reduce((sum, file) => sum + file.size, 0);
    const sameTreeMove = o.kind === 'move' && source.key === target.key;
    if (!sameTreeMove) await ensureTreeRoom(target, { bytes: totalBytes, files: plan.files.length });
    else if (!target.writable) await ensureTreeRoom(target, { bytes: 0, files: 0 });
    const [row] = await app.db
      .insert(storageTasks)
      .values({
        userId,
        kind: o.kind,
        status: 'queued',
        title: describe(o.kind, source, o.items, target, o.targetFolder),
        source: { tree: source.key, items: o.items, ...plan } satisfies TaskSource,
        target: { tree: target.key, folder: o.targetFolder, datasetId: o.datasetId } satisfies TaskTarget,
        totalBytes,
        totalItems: plan.files.length,
        createdAt: app.clock.now(),
      })
      .returning();
    wakeTaskRunner(app);
    return row!;
  } catch (error) {
    throw asUserError(error);
  }
}

/** A copy or move of files and folders into a folder of the same or another tree of the user. */
export async function createTransferTask(app: FastifyInstance, userId: number, request: TransferRequest): Promise<TaskRow> {
  if (new Set(request.paths).size !== request.paths.length) throw invalid('选择的文件有重复');
  const items = request.paths.map((from) => {
    if (from === '') throw invalid('不能选择根目录');
    return { from, to: request.targetFolder ? `${request.targetFolder}/${path.posix.basename(from)}` : path.posix.basename(from) };
  });
  return createTask(app, userId, { ...request, items });
}

export async function ownTask(app: FastifyInstance, userId: number, id: number): Promise<TaskRow> {
  const [row] = await app.db
    .select()
    .from(storageTasks)
    .where(and(eq(storageTasks.id, id), eq(storageTasks.userId, userId)));
  if (!row) throw notFound('任务不存在');
  return row;
}

/** The user's tasks, those still running or queued first, then the newest. */
export async function pageOfTasks(app: FastifyInstance, userId: number, o: { limit: number; offset: number }) {
  const active = sql`case when ${storageTasks.status} in ('running', 'queued') then 0 else 1 end`;
  const list = await app.db
    .select()
    .from(storageTasks)
    .where(eq(storageTasks.userId, userId))
    .orderBy(active, desc(storageTasks.id))
    .limit(o.limit)
    .offset(o.offset);
  const [total] = await app.db.select({ n: count() }).from(storageTasks).where(eq(storageTasks.userId, userId));
  return { list, total: total?.n ?? 0 };
}

const finished = (status: string) => status === 'done' || status === 'failed' || status === 'cancelled';

/** Asks the runner to stop between two files; a task not started yet is cancelled at once. */
export async function cancelTask(app: FastifyInstance, userId: number, id: number): Promise<TaskRow> {
  const task = await ownTask(app, userId, id);
  if (finished(task.status)) throw conflict(`任务${taskStatusNames[task.status as TaskStatus]}，无需取消`);
  const [row] = await app.db
    .update(storageTasks)
    .set(task.status === 'queued' ? { status: 'cancelled', cancelRequested: true, finishedAt: app.clock.now() } : { cancelRequested: true })
    .where(eq(storageTasks.id, id))
    .returning();
  if (task.kind === 'dataset' && task.status === 'queued') await failDataset(app, task);
  return row!;
}

const failureReasons: Record<FileSystemError['problem'], string> = {
  'not-found': '源文件已不存在',
  exists: '目标位置已有同名文件',
  'not-a-folder': '目标路径中有同名文件，无法创建文件夹',
  'is-a-folder': '目标位置已有同名文件夹',
  'too-large': '目标空间不足',
};

function failureReason(error: unknown): string {
  if (error instanceof FileSystemError) return failureReasons[error.problem];
  return `读写失败：${(error as Error).message ?? String(error)}`;
}

/**
 * Carries one file. Idempotent, so a task resumed after a restart can redo the file it was on: a
 * target file of the same size is one already written (writes are atomic); a move removes the source
 * only once the target is whole, so each file is always whole in at least one of the two places.
 */
async function carryFile(kind: TaskKind, source: FileTree, target: FileTree, file: PlannedFile): Promise<void> {
  if (!target.writable) throw new Error(`${target.label}当前不可写入`);
  const there = await target.fs.stat(file.to);
  const here = await source.fs.stat(file.from);
  if (there?.isDir) throw new FileSystemError('is-a-folder', file.to);
  const written = there !== null && there.size === (here?.size ?? file.size);
  if (there && !written) throw new FileSystemError('exists', file.to);
  if (!here) {
    if (written && kind === 'move') return;
    throw new FileSystemError('not-found', file.from);
  }
  if (!written) {
    if (kind === 'move' && source.key === target.key) return source.fs.rename(file.from, file.to);
    await target.fs.write(file.to, await source.fs.read(file.from));
  }
  if (kind === 'move') await source.fs.remove(file.from);
}

async function failDataset(app: FastifyInstance, task: TaskRow) {
  const { datasetId } = task.target as TaskTarget;
  if (datasetId) await app.db.update(datasets).set({ status: 'failed' }).where(eq(datasets.id, datasetId));
}

/** Ends the task: a move takes away the source folders it emptied; a dataset gets its checksum. */
async function finish(app: FastifyInstance, task: TaskRow, source: FileTree, failures: TaskFailure[]): Promise<Partial<TaskRow>> {
  const plan = task.source as TaskSource;
  if (task.kind === 'move') {
    for (const item of plan.items) {
      const entry = await source.fs.stat(item.from);
      if (entry?.isDir && (await source.fs.usage(item.from)).files === 0) await source.fs.remove(item.from);
    }
  }
  const { datasetId } = task.target as TaskTarget;
  if (task.kind === 'dataset' && datasetId) {
    if (failures.length > 0) await failDataset(app, task);
    else await sealDataset(app, datasetId);
  }
  const allFailed = task.totalItems > 0 && failures.length === task.totalItems;
  return { status: allFailed || (task.kind === 'dataset' && failures.length > 0) ? 'failed' : 'done', finishedAt: app.clock.now() };
}

/**
 * Advances a task by one step: the first step makes the target folders, each next one carries one
 * file (recording a failure and moving on when it cannot), the last finishes. A cancel is honoured
 * between steps; what was carried stays. Answers the task as it now is. The runner calls it in a
 * loop; tests call it directly.
 */
export async function runTaskStep(app: FastifyInstance, id: number): Promise<TaskRow> {
  const [task] = await app.db.select().from(storageTasks).where(eq(storageTasks.id, id));
  if (!task) throw notFound('任务不存在');
  if (finished(task.status)) return task;
  const failures = task.failures as TaskFailure[];
  let change: Partial<TaskRow>;
  if (task.cancelRequested) {
    change = { status: 'cancelled', finishedAt: app.clock.now() };
    if (task.kind === 'dataset') await failDataset(app, task);
  } else {
    const plan = task.source as TaskSource;
    const target = (task.target as TaskTarget).tree;
    let source: FileTree;
    let destination: FileTree;
    try {
      source = await openTaskTree(app, task.userId, plan.tree, { building: false });
      destination = await openTaskTree(app, task.userId, target, { building: task.kind === 'dataset' });
    } catch (error) {
      const reason = (asUserError(error) as Error).message;
      change = { status: 'failed', finishedAt: app.clock.now(), failures: [...failures, { path: '', reason }] };
      if (task.kind === 'dataset') await failDataset(app, task);
      return update(app, id, change);
    }
    if (task.status === 'queued') {
      const folderFailures: TaskFailure[] = [];
      for (const folder of plan.folders) {
        await destination.fs.mkdir(folder).catch((error: unknown) => folderFailures.push({ path: folder, reason: failureReason(error) }));
      }
      change = { status: 'running', startedAt: app.clock.now(), failures: [...failures, ...folderFailures] };
    } else if (task.doneItems < task.totalItems) {
      const file = plan.files[task.doneItems]!;
      const failure = await carryFile(task.kind as TaskKind, source, destination, file).then(
        () => null,
        (error: unknown) => ({ path: file.from || file.to, reason: failureReason(error) }),
      );
      change = {
        doneItems: task.doneItems + 1,
        doneBytes: task.doneBytes + (failure ? 0 : file.size),
        ...(failure ? { failures: [...failures, failure] } : {}),
      };
    } else {
      change = await finish(app, task, source, failures);
    }
  }
  return update(app, id, change);
}

async function update(app: FastifyInstance, id: number, change: Partial<TaskRow>): Promise<TaskRow> {
  // A cancel that arrived during the step is kept, not overwritten.
  const [row] = await app.db
    .update(storageTasks)
    .set(change)
    .where(and(eq(storageTasks.id, id), inArray(storageTasks.status, ['queued', 'running'])))
    .returning();
  return row ?? (await app.db.select().from(storageTasks).where(eq(storageTasks.id, id)))[0]!;
}

/** Runs a task to its end, step by step. */
export async function runTask(app: FastifyInstance, id: number): Promise<TaskRow> {
  for (;;) {
    const task = await runTaskStep(app, id);
    if (finished(task.status)) return task;
  }
}

/** Runs every queued or running task (those a previous process left running included), oldest first. */
export async function runPendingTasks(app: FastifyInstance): Promise<number> {
  const pending = await app.db
    .select({ id: storageTasks.id })
    .from(storageTasks)
    .where(inArray(storageTasks.status, ['queued', 'running']))
    .orderBy(storageTasks.id);
  for (const { id } of pending) await runTask(app, id);
  return pending.length;
}

/** A task as the pages show it. */
export function taskView(row: TaskRow) {
  return {
    id: row.id,
    kind: row.kind,
    kindName: taskKindNames[row.kind as TaskKind] ?? row.kind,
    status: row.status,
    statusName: taskStatusNames[row.status as TaskStatus] ?? row.status,
    title: row.title,
    totalBytes: row.totalBytes,
    doneBytes: row.doneBytes,
    totalItems: row.totalItems,
    doneItems: row.doneItems,
    failures: row.failures as TaskFailure[],
    cancelRequested: row.cancelRequested,
    gmtCreate: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}
