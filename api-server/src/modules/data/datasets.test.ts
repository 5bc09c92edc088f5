import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords, netDisks } from '../../db/schema.js';
import { privateNode, rent, setUpComputeTestApp, userWithBalance } from '../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../periodic-jobs.js';
import type { SimulatedDriver } from '../../compute/simulated-driver.js';
import { netDiskTreeKey, openTree, type FileTree } from '../../storage/file-trees.js';
import { runTask } from '../../storage/tasks.js';
import { call, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

let owner: { id: number; token: string };
let stranger: { id: number; token: string };
let disk: FileTree;

const data = (name: string, body: object, token?: string) => call(t.app, 'POST', `/apis/data/${name}`, body, token);

/** The checksum recomputed from the files on disk, the way the catalogue documents it. */
function recomputedChecksum(folder: string): { checksum: string; size: number; count: number } {
  const lines: string[] = [];
  let size = 0;
  const walk = (relative: string) => {
    for (const dirent of fs.readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${dirent.name}` : dirent.name;
      if (dirent.isDirectory()) walk(child);
      else {
        const bytes = fs.readFileSync(path.join(folder, child));
        size += bytes.length;
        lines.push(`${child}\t${bytes.length}\t${createHash('sha256').update(bytes).digest('hex')}\n`);
      }
    }
  };
  walk('');
  lines.sort();
  return { checksum: createHash('sha256').update(lines.join('')).digest('hex'), size, count: lines.length };
}

async function publicDataset(name: string) {
  const list = await data('api/dataset/list', { pageSize: 100 });
  return list.data.list.find((row: { name: string }) => row.name === name);
}

async function runningInstance(token: string) {
  const { node, model } = await privateNode(t.app.db, 2);
  const rented = await rent(t.app, token, { nodeId: node.id, gpuModelId: model.id, imageId });
  t.clock.advance(8_000);
  await runMeteringPasses(t.app);
  return rented.data.instance.id as number;
}

beforeAll(async () => {
  owner = await userWithBalance(t.app, 1_000_000);
  stranger = await userWithBalance(t.app, 1_000_000);
  const now = t.clock.now();
  await t.app.db
    .insert(netDisks)
    .values({ userId: owner.id, regionCode: 'cn-east-1', sizeGb: 1, quotaFiles: 1000, activatedAt: now, paidThrough: now });
  disk = await openTree(t.app, owner.id, netDiskTreeKey('cn-east-1'));
});

describe('the public dataset catalogue', () => {
  it('lists the demo datasets with a checksum that matches their files', async () => {
    const list = await data('api/dataset/list', {});
    expect(list.data.total).toBe(3);
    for (const row of list.data.list) {
      expect(row).toMatchObject({ isPublic: true, status: 'ready', statusName: '可用' });
      const folder = path.join(t.dataDir, 'datasets', String(row.id));
      const recomputed = recomputedChecksum(folder);
      expect(row).toMatchObject({ checksum: recomputed.checksum, sizeBytes: recomputed.size, fileCount: recomputed.count });
    }
    const total = list.data.list.reduce((sum: number, row: { sizeBytes: number }) => sum + row.sizeBytes, 0);
    expect(total).toBeLessThan(500 * 1024);
    expect((await data('api/dataset/list', { keyword: '语料' })).data.list.map((row: { name: string }) => row.name)).toEqual([
      'zh-short-corpus',
    ]);
    expect((await data('api/dataset/list', { keyword: '%' })).data.total).toBe(0);
  });

  it('writes the same bytes on every install', async () => {
    const shapes = await publicDataset('shapes-32px');
    expect(shapes.fileCount).toBe(41);
    const again = recomputedChecksum(path.join(t.dataDir, 'datasets', String(shapes.id)));
    expect(again.checksum).toBe(shapes.checksum);
    const png = fs.readFileSync(path.join(t.dataDir, 'datasets', String(shapes.id), 'images/circle/001.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('shows a dataset and browses its folders, refusing bad paths and unknown ids', async () => {
    const shapes = await publicDataset('shapes-32px');
    expect((await data('api/dataset/get', { id: shapes.id })).data).toMatchObject({
      name: 'shapes-32px',
      licence: 'MIT',
      version: '1.0.0',
    });
    const root = await data('api/dataset/files', { id: shapes.id });
    expect(root.data.map((entry: { name: string }) => entry.name).sort()).toEqual(['images', 'labels.csv']);
    const circles = await data('api/dataset/files', { id: shapes.id, path: 'images/circle' });
    expect(circles.data).toHaveLength(20);
    expect(circles.data[0]).toMatchObject({ isDir: false, path: expect.stringMatching(/^images\/circle\/\d{3}\.png$/) });
    expect(await data('api/dataset/files', { id: shapes.id, path: '../..' })).toMatchObject({ code: 422 });
    expect(await data('api/dataset/files', { id: shapes.id, path: 'nothing' })).toMatchObject({
      code: 404,
      msg: '「nothing」不存在或已删除',
    });
    expect(await data('api/dataset/get', { id: 999_999 })).toMatchObject({ code: 404, msg: '数据集不存在' });
    expect((await data('api/dataset/get', { id: 'x' })).code).toBe(422);
  });

  it('copies a dataset to my network disk as a task', async () => {
    const corpus = await publicDataset('zh-short-corpus');
    expect(await data('auth/dataset/copy', { id: corpus.id, regionCode: 'cn-east-1' })).toMatchObject({ code: 401 });
    expect(await data('auth/dataset/copy', { id: corpus.id, regionCode: 'cn-east-1' }, stranger.token)).toMatchObject({
      code: 409,
      msg: '该地区的网盘尚未开通，请先开通网盘',
    });
    const copy = await data('auth/dataset/copy', { id: corpus.id, regionCode: 'cn-east-1', folder: 'data' }, owner.token);
    expect(copy).toMatchObject({ code: 200, data: { kind: 'copy', status: 'queued', totalItems: 3, totalBytes: corpus.sizeBytes } });
    expect(copy.data.title).toBe('复制数据集「中文短句语料（示例）」到 网盘（cn-east-1）/data');
    expect(await runTask(t.app, copy.data.id)).toMatchObject({ status: 'done', doneBytes: corpus.sizeBytes });
    const copied = await disk.fs.list('data/zh-short-corpus');
    expect(copied.map((entry) => entry.name).sort()).toEqual(['README.md', 'train.jsonl', 'valid.jsonl']);
    expect(await data('auth/dataset/copy', { id: corpus.id, regionCode: 'cn-east-1', folder: 'data' }, owner.token)).toMatchObject({
      code: 409,
      msg: '「zh-short-corpus」已存在，请换一个名称',
    });
  });
});

describe('my datasets', () => {
  let mine: { id: number; name: string };

  it('makes a dataset from a network disk folder, with its checksum', async () => {
    for (const [name, text] of Object.entries({ 'a.txt': 'hello', 'b/c.txt': '数据' })) {
      await disk.fs.write(`project/${name}`, Readable.from([Buffer.from(text)]));
    }
    const body = { name: 'my-set', title: '我的集合', licence: 'MIT', version: '0.1', regionCode: 'cn-east-1', folder: 'project' };
    expect(await data('auth/my-dataset/create', { ...body, name: 'Bad Name' }, owner.token)).toMatchObject({ code: 422 });
    expect(await data('auth/my-dataset/create', { ...body, folder: 'project/a.txt' }, owner.token)).toMatchObject({
      code: 422,
      msg: '请选择网盘中的一个文件夹',
    });
    expect(await data('auth/my-dataset/create', { ...body, name: 'shapes-32px' }, owner.token)).toMatchObject({
      code: 409,
      msg: '数据集名称「shapes-32px」已被使用，请换一个名称',
    });
    const created = await data('auth/my-dataset/create', body, owner.token);
    expect(created).toMatchObject({
      code: 200,
      data: { dataset: { status: 'building', isPublic: false }, task: { kind: 'dataset', totalItems: 2 } },
    });
    mine = created.data.dataset;
    expect(await data('auth/dataset/mount', { id: mine.id, instanceId: 1 }, owner.token)).toMatchObject({
      code: 409,
      msg: '数据集正在生成中，请稍后再试',
    });
    expect(await runTask(t.app, created.data.task.id)).toMatchObject({ status: 'done' });
    const list = await data('auth/my-dataset/list', {}, owner.token);
    expect(list.data.list).toHaveLength(1);
    const recomputed = recomputedChecksum(path.join(t.dataDir, 'datasets', String(mine.id)));
    expect(list.data.list[0]).toMatchObject({ status: 'ready', checksum: recomputed.checksum, sizeBytes: 11, fileCount: 2 });
    expect((await data('auth/my-dataset/files', { id: mine.id, path: 'b' }, owner.token)).data).toEqual([
      { name: 'c.txt', path: 'b/c.txt', isDir: false, size: 6 },
    ]);
    expect((await data('api/dataset/list', { pageSize: 100 })).data.total).toBe(3);
  });

  it('edits it, and keeps it from other users', async () => {
    const edit = { id: mine.id, title: '新标题', description: '说明', licence: 'Apache-2.0', version: '0.2' };
    expect(await data('auth/my-dataset/update', edit, owner.token)).toMatchObject({ code: 200, data: { title: '新标题', version: '0.2' } });
    expect(await data('auth/my-dataset/update', edit, stranger.token)).toMatchObject({ code: 404, msg: '数据集不存在' });
    expect(await data('auth/my-dataset/delete', { id: mine.id }, stranger.token)).toMatchObject({ code: 404, msg: '数据集不存在' });
    expect(await data('auth/my-dataset/files', { id: mine.id }, stranger.token)).toMatchObject({ code: 404 });
    expect(await data('api/dataset/get', { id: mine.id })).toMatchObject({ code: 404 });
    expect((await data('auth/my-dataset/list', {}, stranger.token)).data.total).toBe(0);
    expect(await data('auth/dataset/copy', { id: mine.id, regionCode: 'cn-east-1' }, stranger.token)).toMatchObject({ code: 404 });
  });

  it('mounts read-only into my instance, tells the driver, and is not deleted while mounted', async () => {
    const instanceId = await runningInstance(owner.token);
    const driver = t.app.compute.driver as SimulatedDriver;
    const shapes = await publicDataset('shapes-32px');
    const mounted = await data('auth/dataset/mount', { id: mine.id, instanceId }, owner.token);
    expect(mounted).toMatchObject({ code: 200, msg: '已挂载到 /root/public-data/my-set' });
    await data('auth/dataset/mount', { id: shapes.id, instanceId }, owner.token);
    expect(driver.mountsOf(instanceId)).toEqual([
      { path: '/root/public-data/my-set', kind: 'dataset', sourceId: mine.id, readOnly: true },
      { path: '/root/public-data/shapes-32px', kind: 'dataset', sourceId: shapes.id, readOnly: true },
    ]);
    expect((await data('auth/mount/list', { instanceId }, owner.token)).data.map((mount: { name: string }) => mount.name)).toEqual([
      '新标题',
      '形状图片（示例）',
    ]);
    expect(await data('auth/dataset/mount', { id: shapes.id, instanceId }, owner.token)).toMatchObject({
      code: 409,
      msg: '该数据集已挂载到此实例',
    });
    expect(await data('auth/dataset/mount', { id: shapes.id, instanceId }, stranger.token)).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await data('auth/mount/list', { instanceId }, stranger.token)).toMatchObject({ code: 404, msg: '实例不存在' });
    const strangersInstance = await runningInstance(stranger.token);
    expect(await data('auth/dataset/mount', { id: mine.id, instanceId: strangersInstance }, stranger.token)).toMatchObject({
      code: 404,
      msg: '数据集不存在',
    });
    expect(await data('auth/my-dataset/delete', { id: mine.id }, owner.token)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('请先卸载后再删除'),
    });

    await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id: instanceId }, owner.token);
    t.clock.advance(3_000);
    await runMeteringPasses(t.app);
    expect((await data('auth/dataset/unmount', { id: shapes.id, instanceId }, owner.token)).data).toHaveLength(1);
    expect(driver.mountsOf(instanceId)).toHaveLength(2);
    await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id: instanceId }, owner.token);
    expect(driver.mountsOf(instanceId)).toEqual([{ path: '/root/public-data/my-set', kind: 'dataset', sourceId: mine.id, readOnly: true }]);
    t.clock.advance(5_000);
    await runMeteringPasses(t.app);

    expect(await data('auth/dataset/unmount', { id: shapes.id, instanceId }, owner.token)).toMatchObject({
      code: 404,
      msg: '该数据集未挂载到此实例',
    });
    expect((await data('auth/dataset/unmount', { id: mine.id, instanceId }, owner.token)).data).toEqual([]);
    expect(driver.mountsOf(instanceId)).toEqual([]);
    expect(await data('auth/my-dataset/delete', { id: mine.id }, owner.token)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(fs.existsSync(path.join(t.dataDir, 'datasets', String(mine.id)))).toBe(false);
  });
});

describe('my downloads', () => {
  it('lists my downloads, saying which are still there, and no one else’s', async () => {
    await disk.fs.write('report.csv', Readable.from([Buffer.from('a,b\n')]));
    const at = t.clock.now();
    await t.app.db.insert(downloadRecords).values([
      { userId: owner.id, tree: 'netdisk:cn-east-1', path: 'report.csv', isDir: false, bytes: 4, createdAt: at },
      { userId: owner.id, tree: 'netdisk:cn-east-1', path: 'gone.bin', isDir: false, bytes: 9, createdAt: at },
      { userId: owner.id, tree: 'netdisk:cn-west-9', path: 'x', isDir: false, bytes: 1, createdAt: at },
    ]);
    const list = await data('auth/download/list', {}, owner.token);
    expect(list.data.total).toBe(3);
    expect(
      list.data.list.map((row: { name: string; exists: boolean; treeLabel: string }) => [row.name, row.exists, row.treeLabel]),
    ).toEqual([
      ['x', false, '已不可用的存储'],
      ['gone.bin', false, '网盘（cn-east-1）'],
      ['report.csv', true, '网盘（cn-east-1）'],
    ]);
    expect((await data('auth/download/list', {}, stranger.token)).data).toMatchObject({ list: [], total: 0 });
    expect(await data('auth/download/list', { pageSize: 1000 }, owner.token)).toMatchObject({ code: 422 });
  });
});
