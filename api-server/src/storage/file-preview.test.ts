import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords, netDisks } from '../db/schema.js';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { cloudDiskRoot } from './cloud-disk.js';
import { clusterTreeKey, netDiskTreeKey, openTree } from './file-trees.js';
import { localCluster } from '../test-support/hpc-test-kit.js';

// Files opened in the page, through real HTTP calls on the three storage products: text (its start, or its
// end for a log), Markdown rendered, images and PDFs inline, and small text edited and saved.
let t: TestApp;
let owner: { id: number; token: string };
let stranger: { id: number; token: string };
let clusterId: number;
const region = 'hd-2';
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const orion = (path: string, body: object, token = owner.token) => call(t.app, 'POST', `/apis/orion/auth/sftp/${path}`, body, token);
const netDisk = (path: string, body: object, token = owner.token) => call(t.app, 'POST', `/apis/net-disk/auth/${path}`, body, token);
const cloud = (path: string, body: object, token = owner.token) => call(t.app, 'POST', `/apis/cloud-net-disk/auth/${path}`, body, token);
const putInTree = async (key: string, path: string, content: string | Buffer) =>
  (await openTree(t.app, owner.id, key)).fs.write(path, Readable.from([Buffer.from(content)]));
const readTree = async (key: string, path: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await (await openTree(t.app, owner.id, key)).fs.read(path)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};
const inline = (url: string, body: object, token = owner.token) => t.app.inject({ method: 'POST', url, payload: body, headers: { token } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithBalance(t.app, 100_000);
  stranger = await userWithBalance(t.app, 100_000);
  clusterId = (await localCluster(t.app)).id;
  const cluster = clusterTreeKey(clusterId);
  await putInTree(cluster, 'jobs/run.sh', '#!/bin/bash\n#SBATCH -N 1\necho 你好\n');
  await putInTree(cluster, 'notes/README.md', '# 说明\n\n- `top` 查看进程\n\n<script>alert(1)</script>\n');
  await putInTree(cluster, 'data/table.bin', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x14]));
  // 600 KB of numbered lines, each 「第n行」 in Chinese so a cut in the middle of a character would show.
  const lines = Array.from({ length: 40_000 }, (_, n) => `第${n + 1}行 日志内容`).join('\n');
  await putInTree(cluster, 'logs/train.log', `${lines}\n`);
  await putInTree(cluster, 'images/cat.png', png);
  await putInTree(cluster, 'big.txt', 'x'.repeat(300 * 1024));
});
afterAll(() => t.close());

describe('file storage previews', () => {
  it('shows a small text file whole, editable', async () => {
    const answer = await orion('read', { clusterId, path: 'jobs/run.sh' });
    expect(answer).toMatchObject({ code: 200 });
    expect(answer.data).toEqual({
      name: 'run.sh',
      size: Buffer.byteLength('#!/bin/bash\n#SBATCH -N 1\necho 你好\n'),
      text: '#!/bin/bash\n#SBATCH -N 1\necho 你好\n',
      truncated: false,
      binary: false,
      editable: true,
      html: null,
    });
  });

  it('renders Markdown with raw HTML left as text', async () => {
    const { data } = await orion('read', { clusterId, path: 'notes/README.md' });
    expect(data.html).toContain('<h1>说明</h1>');
    expect(data.html).toContain('<code>top</code>');
    expect(data.html).not.toContain('<script>');
  });

  it('shows nothing of a binary file', async () => {
    const { data } = await orion('read', { clusterId, path: 'data/table.bin' });
    expect(data).toMatchObject({ binary: true, text: '', editable: false });
  });

  it('shows the first 512 KB of a large log, or its last ones from a whole line with tail', async () => {
    const head = (await orion('read', { clusterId, path: 'logs/train.log' })).data;
    expect(head).toMatchObject({ truncated: true, editable: false });
    expect(head.text.startsWith('第1行 日志内容\n第2行')).toBe(true);
    expect(head.text).not.toContain('\uFFFD');

    const tail = (await orion('read', { clusterId, path: 'logs/train.log', tail: true })).data;
    expect(tail.truncated).toBe(true);
    expect(tail.text.endsWith('第40000行 日志内容\n')).toBe(true);
    expect(tail.text).toMatch(/^第\d+行 日志内容\n/);
    expect(Buffer.byteLength(tail.text)).toBeLessThanOrEqual(512 * 1024);
  });

  it('refuses a folder, a missing file, a path out of the tree', async () => {
    expect(await orion('read', { clusterId, path: 'jobs' })).toMatchObject({ code: 422, msg: '「jobs」是文件夹，不能预览' });
    expect(await orion('read', { clusterId, path: 'jobs/none.sh' })).toMatchObject({ code: 404, msg: '文件不存在或已删除' });
    expect(await orion('read', { clusterId, path: '../1/jobs/run.sh' })).toMatchObject({ code: 422 });
    expect(await orion('read', { clusterId, path: 'jobs/run.sh' }, stranger.token)).toMatchObject({ code: 404 });
  });

  it('saves edited text over a small file, and refuses a file or a text over 256 KB', async () => {
    const saved = await orion('save', { clusterId, path: 'jobs/run.sh', text: '#!/bin/bash\necho 改过了\n' });
    expect(saved).toMatchObject({ code: 200, msg: '已保存', data: { size: Buffer.byteLength('#!/bin/bash\necho 改过了\n') } });
    expect(await readTree(clusterTreeKey(clusterId), 'jobs/run.sh')).toBe('#!/bin/bash\necho 改过了\n');

    expect(await orion('save', { clusterId, path: 'big.txt', text: 'short' })).toMatchObject({
      code: 422,
      msg: '「big.txt」超过256KB，无法在线编辑，请下载后编辑',
    });
    expect(await orion('save', { clusterId, path: 'jobs/run.sh', text: '好'.repeat(90_000) })).toMatchObject({
      code: 422,
      msg: '文件内容超过256KB，无法在线保存，请下载后编辑',
    });
    expect(await orion('save', { clusterId, path: 'jobs/gone.sh', text: 'x' })).toMatchObject({ code: 404 });
  });

  it('answers an image inline with its type, without a row in 我的下载', async () => {
    const response = await inline('/apis/orion/auth/sftp/preview', { clusterId, path: 'images/cat.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.rawPayload.equals(png)).toBe(true);
    const records = await t.app.db.select().from(downloadRecords).where(eq(downloadRecords.userId, owner.id));
    expect(records).toEqual([]);
  });

  it('refuses to show inline what is not an image or a PDF', async () => {
    const response = await inline('/apis/orion/auth/sftp/preview', { clusterId, path: 'jobs/run.sh' });
    expect(response.json()).toMatchObject({ code: 422, msg: '该类型的文件不支持预览，请下载后查看' });
  });
});

describe('network disk previews', () => {
  beforeAll(async () => {
    expect(await netDisk('activation', { regionCode: region, sizeGb: 1 })).toMatchObject({ code: 200 });
    await putInTree(netDiskTreeKey(region), 'results.csv', 'epoch,loss\n1,0.9\n2,0.5\n');
    await putInTree(netDiskTreeKey(region), 'report.pdf', '%PDF-1.4\n%%EOF\n');
  });

  it('reads, saves and shows a PDF inline', async () => {
    expect((await netDisk('read', { regionCode: region, path: 'results.csv' })).data).toMatchObject({
      text: 'epoch,loss\n1,0.9\n2,0.5\n',
      editable: true,
    });
    expect(await netDisk('save', { regionCode: region, path: 'results.csv', text: 'epoch,loss\n1,0.8\n' })).toMatchObject({ code: 200 });
    expect(await readTree(netDiskTreeKey(region), 'results.csv')).toBe('epoch,loss\n1,0.8\n');
    const pdf = await inline('/apis/net-disk/auth/preview', { regionCode: region, path: 'report.pdf' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.4\n%%EOF\n');
  });

  it('keeps a frozen disk readable and refuses to save to it', async () => {
    await t.app.db
      .update(netDisks)
      .set({ status: 2 })
      .where(and(eq(netDisks.userId, owner.id), eq(netDisks.regionCode, region)));
    expect(await netDisk('read', { regionCode: region, path: 'results.csv' })).toMatchObject({ code: 200 });
    expect(await netDisk('save', { regionCode: region, path: 'results.csv', text: 'x' })).toMatchObject({
      code: 409,
      msg: '网盘（华东二区）已冻结（欠费），充值后即可恢复写入',
    });
    expect(await readTree(netDiskTreeKey(region), 'results.csv')).toBe('epoch,loss\n1,0.8\n');
  });
});

describe('cloud disk previews', () => {
  beforeAll(async () => {
    expect(await cloud('activation', { regionCode: region })).toMatchObject({ code: 200 });
    const root = cloudDiskRoot(owner.id, region);
    await t.app.blobs.put(`${root}conf/app.yaml`, Readable.from([Buffer.from('port: 8080\n')]));
    await t.app.blobs.put(`${root}photo.png`, Readable.from([png]));
  });

  it('reads and saves text through the server, and shows an image inline', async () => {
    expect((await cloud('read', { regionCode: region, key: 'conf/app.yaml' })).data).toMatchObject({
      text: 'port: 8080\n',
      editable: true,
    });
    expect(await cloud('save', { regionCode: region, key: 'conf/app.yaml', text: 'port: 9090\n' })).toMatchObject({ code: 200 });
    expect((await cloud('read', { regionCode: region, key: 'conf/app.yaml' })).data.text).toBe('port: 9090\n');
    const image = await inline('/apis/cloud-net-disk/auth/preview', { regionCode: region, key: 'photo.png' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a folder key, a missing object, and another user', async () => {
    expect(await cloud('read', { regionCode: region, key: 'conf/' })).toMatchObject({ code: 404 });
    expect(await cloud('read', { regionCode: region, key: 'conf/none.yaml' })).toMatchObject({ code: 404 });
    expect(await cloud('read', { regionCode: region, key: 'conf/app.yaml' }, stranger.token)).toMatchObject({
      code: 409,
      msg: '该地区的云盘尚未开通，请先开通',
    });
  });
});
