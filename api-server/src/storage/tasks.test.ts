import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netDisks, storageTasks } from '../db/schema.js';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { netDiskTreeKey, openTree, type FileTree } from './file-trees.js';
import { startTaskRunner } from './task-runner.js';
import { runPendingTasks, runTask, runTaskStep } from './tasks.js';

let t: TestApp;
let owner: { id: number; token: string };
let stranger: { id: number; token: string };
let east: FileTree;
let north: FileTree;

const write = (tree: FileTree, path: string, text: string) => tree.fs.write(path, Readable.from([Buffer.from(text)]));
const read = async (tree: FileTree, path: string) => Buffer.concat(await (await tree.fs.read(path)).toArray()).toString();
const task = (body: object, token = owner.token) => call(t.app, 'POST', '/apis/data/auth/task/create', body, token);
const taskCall = (name: string, id: number, token = owner.token) => call(t.app, 'POST', `/apis/data/auth/task/${name}`, { id }, token);

async function activate(userId: number, regionCode: string, quotaFiles = 1000) {
  const now = t.clock.now();
  await t.app.db.insert(netDisks).values({ userId, regionCode, sizeGb: 1, quotaFiles, activatedAt: now, paidThrough: now });
  return openTree(t.app, userId, netDiskTreeKey(regionCode));
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithBalance(t.app, 0);
  stranger = await userWithBalance(t.app, 0);
  east = await activate(owner.id, 'cn-east-1');
  north = await activate(owner.id, 'cn-north-1');
  await activate(stranger.id, 'cn-east-1');
});
afterAll(() => t.close());

describe('storage tasks', () => {
  it('copies a folder to another tree file by file, with progress at every step', async () => {
    await write(east, 'runs/a.txt', 'alpha');
    await write(east, 'runs/deep/b.txt', 'bravo!');
    await write(east, 'runs/empty/.keep', '');
    await write(east, 'note.txt', 'n');
    const created = await task({
      kind: 'copy',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['runs', 'note.txt'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: 'backup',
    });
    expect(created).toMatchObject({
      code: 200,
      data: { status: 'queued', statusName: '排队中', totalItems: 4, totalBytes: 12, doneItems: 0 },
    });
    const id = created.data.id;
    expect(await runTaskStep(t.app, id)).toMatchObject({ status: 'running', doneItems: 0 });
    expect((await north.fs.stat('backup/runs/deep'))?.isDir).toBe(true);
    const sizes: number[] = [];
    for (let step = 0; step < 4; step++) sizes.push((await runTaskStep(t.app, id)).doneBytes);
    expect(sizes).toEqual([5, 11, 11, 12]);
    const done = await taskCall('get', id);
    expect(done.data).toMatchObject({ status: 'running', doneItems: 4, doneBytes: 12 });
    expect(await runTaskStep(t.app, id)).toMatchObject({ status: 'done' });
    expect(await read(north, 'backup/runs/deep/b.txt')).toBe('bravo!');
    expect(await read(north, 'backup/note.txt')).toBe('n');
    expect(await read(east, 'runs/a.txt')).toBe('alpha');
    expect((await taskCall('get', id)).data).toMatchObject({ statusName: '已完成', failures: [] });
  });

  it('moves within a tree and across trees, leaving no emptied source folders behind', async () => {
    await write(east, 'move-me/x.txt', 'x1');
    await write(east, 'move-me/sub/y.txt', 'y22');
    await east.fs.mkdir('inbox');
    const inside = await task({
      kind: 'move',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['move-me'],
      targetTree: 'netdisk:cn-east-1',
      targetFolder: 'inbox',
    });
    expect(await runTask(t.app, inside.data.id)).toMatchObject({ status: 'done', doneBytes: 5 });
    expect(await east.fs.stat('move-me')).toBeNull();
    expect(await read(east, 'inbox/move-me/sub/y.txt')).toBe('y22');
    const across = await task({
      kind: 'move',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['inbox/move-me'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: '',
    });
    expect(await runTask(t.app, across.data.id)).toMatchObject({ status: 'done', doneItems: 2 });
    expect(await east.fs.stat('inbox/move-me')).toBeNull();
    expect(await read(north, 'move-me/x.txt')).toBe('x1');
  });

  it('stops between files when cancelled: what was copied stays', async () => {
    for (const name of ['1', '2', '3']) await write(east, `batch/${name}.txt`, name);
    const { data } = await task({
      kind: 'copy',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['batch'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: '',
    });
    await runTaskStep(t.app, data.id);
    await runTaskStep(t.app, data.id);
    const cancelling = await taskCall('cancel', data.id);
    expect(cancelling.data).toMatchObject({ status: 'running', cancelRequested: true });
    expect(await runTask(t.app, data.id)).toMatchObject({ status: 'cancelled', doneItems: 1 });
    expect((await taskCall('get', data.id)).data.statusName).toBe('已取消');
    expect(await read(north, 'batch/1.txt')).toBe('1');
    expect(await north.fs.stat('batch/2.txt')).toBeNull();
    expect(await taskCall('cancel', data.id)).toMatchObject({ code: 409, msg: '任务已取消，无需取消' });
  });

  it('reports the files that failed, in Chinese, while the rest completes', async () => {
    for (const name of ['a', 'b', 'c']) await write(east, `flaky/${name}.txt`, name);
    const { data } = await task({
      kind: 'copy',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['flaky'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: '',
    });
    await east.fs.remove('flaky/b.txt');
    await write(north, 'flaky/c.txt', 'a longer file already there');
    const done = await runTask(t.app, data.id);
    expect(done).toMatchObject({ status: 'done', doneItems: 3, doneBytes: 1 });
    expect((await taskCall('get', data.id)).data.failures).toEqual([
      { path: 'flaky/b.txt', reason: '源文件已不存在' },
      { path: 'flaky/c.txt', reason: '目标位置已有同名文件' },
    ]);
    expect(await read(north, 'flaky/a.txt')).toBe('a');
  });

  it('resumes a task a previous process left running: no file copied twice, none lost in a move', async () => {
    for (const name of ['p', 'q', 'r']) await write(east, `resume/${name}.txt`, name.repeat(3));
    const { data } = await task({
      kind: 'move',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['resume'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: '',
    });
    await runTaskStep(t.app, data.id);
    await runTaskStep(t.app, data.id);
    // The process stopped after moving q.txt whole but before recording it.
    await write(north, 'resume/q.txt', 'qqq');
    await east.fs.remove('resume/q.txt');
    expect(await runPendingTasks(t.app)).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(storageTasks).where(eq(storageTasks.id, data.id));
    expect(row).toMatchObject({ status: 'done', doneItems: 3, doneBytes: 9, failures: [] });
    expect(await Promise.all(['p', 'q', 'r'].map((name) => read(north, `resume/${name}.txt`)))).toEqual(['ppp', 'qqq', 'rrr']);
    expect(await east.fs.stat('resume')).toBeNull();
  });

  it('refuses before any byte is written when the target has no room, naming the numbers', async () => {
    const small = await userWithBalance(t.app, 0);
    const from = await activate(small.id, 'cn-east-1');
    await activate(small.id, 'cn-north-1', 2);
    for (const name of ['1', '2', '3']) await write(from, `many/${name}.txt`, name);
    const refused = await task(
      { kind: 'copy', sourceTree: 'netdisk:cn-east-1', paths: ['many'], targetTree: 'netdisk:cn-north-1', targetFolder: '' },
      small.token,
    );
    expect(refused).toMatchObject({ code: 409, msg: '网盘（cn-north-1）文件数超出上限：需要 3 个，剩余 2 个（上限 2 个）' });
    expect(await t.app.db.select().from(storageTasks).where(eq(storageTasks.userId, small.id))).toEqual([]);
  });

  it('refuses bad input with a message', async () => {
    await write(east, 'box/in.txt', 'i');
    const base = { kind: 'copy', sourceTree: 'netdisk:cn-east-1', paths: ['box'], targetTree: 'netdisk:cn-east-1', targetFolder: '' };
    expect((await task({ ...base, paths: [] })).code).toBe(422);
    expect(await task({ ...base, paths: ['../etc'] })).toMatchObject({ code: 422, msg: '路径不能为“.”或“..”' });
    expect(await task({ ...base, sourceTree: 'ftp:x' })).toMatchObject({ code: 422, msg: '存储位置不合法' });
    expect(await task({ ...base, targetTree: 'netdisk:mars-1' })).toMatchObject({ code: 409, msg: '该地区的网盘尚未开通，请先开通网盘' });
    expect(await task({ ...base, targetFolder: 'box/inner' })).toMatchObject({ code: 422, msg: '不能把「box」复制到它自身或其子文件夹中' });
    expect(await task({ ...base, targetTree: 'netdisk:cn-north-1', paths: ['missing'] })).toMatchObject({
      code: 404,
      msg: '「missing」不存在或已删除',
    });
    const first = await task({ ...base, targetTree: 'netdisk:cn-north-1', paths: ['box'], targetFolder: '' });
    expect(await runTask(t.app, first.data.id)).toMatchObject({ status: 'done' });
    expect(await task({ ...base, targetTree: 'netdisk:cn-north-1', paths: ['box'], targetFolder: '' })).toMatchObject({
      code: 409,
      msg: '「box」已存在，请换一个名称',
    });
    expect(await task({ ...base, paths: ['.rc-trash/1'] })).toMatchObject({ code: 422, msg: '不能直接操作回收站，请使用回收站功能' });
  });

  it('lists running tasks first and keeps each user to their own', async () => {
    await write(east, 'solo.txt', 's');
    const pending = await task({
      kind: 'copy',
      sourceTree: 'netdisk:cn-east-1',
      paths: ['solo.txt'],
      targetTree: 'netdisk:cn-north-1',
      targetFolder: 'later',
    });
    await runTaskStep(t.app, pending.data.id);
    const list = await call(t.app, 'POST', '/apis/data/auth/task/list', { pageSize: 100 }, owner.token);
    expect(list.data.list[0]).toMatchObject({ id: pending.data.id, status: 'running' });
    expect(list.data.list.slice(1).every((row: { status: string }) => row.status !== 'running' && row.status !== 'queued')).toBe(true);
    expect((await call(t.app, 'POST', '/apis/data/auth/task/list', {}, stranger.token)).data).toMatchObject({ list: [], total: 0 });
    expect(await taskCall('get', pending.data.id, stranger.token)).toMatchObject({ code: 404, msg: '任务不存在' });
    expect(await taskCall('cancel', pending.data.id, stranger.token)).toMatchObject({ code: 404, msg: '任务不存在' });
    expect(
      await task(
        { kind: 'copy', sourceTree: 'netdisk:cn-north-1', paths: ['batch'], targetTree: 'netdisk:cn-east-1', targetFolder: '' },
        stranger.token,
      ),
    ).toMatchObject({
      code: 409,
      msg: '该地区的网盘尚未开通，请先开通网盘',
    });
    await runTask(t.app, pending.data.id);
  });
});

describe('the task runner', () => {
  const queueCopy = async (name: string) => {
    await write(east, `${name}.txt`, name);
    return (
      await task({
        kind: 'copy',
        sourceTree: 'netdisk:cn-east-1',
        paths: [`${name}.txt`],
        targetTree: 'netdisk:cn-north-1',
        targetFolder: 'woken',
      })
    ).data.id as number;
  };
  const settled = async (id: number) => {
    for (;;) {
      const { status } = (await taskCall('get', id)).data as { status: string };
      if (status !== 'queued' && status !== 'running') return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('takes up a task queued in its process at once, not at its next tick an hour away', async () => {
    const stop = startTaskRunner(t.app, 3_600_000);
    try {
      // The first pass (looking for leftovers) may still run when this is queued: another follows as soon as it ends.
      const first = await queueCopy('first');
      expect(await settled(first)).toBe('done');
      const second = await queueCopy('second');
      expect(await settled(second)).toBe('done');
      expect(await read(north, 'woken/second.txt')).toBe('second');
    } finally {
      await stop();
    }
  });
});
