import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datasets, instanceMounts } from '../../db/schema.js';
import { privateNode, setUpComputeTestApp, tokenFor, userWithBalance } from '../../test-support/compute-test-kit.js';
import { cloudDiskRoot } from '../../storage/cloud-disk.js';
import { datasetFolder } from '../../storage/datasets.js';
import { netDiskTreeKey, openTree, type FileTree } from '../../storage/file-trees.js';
import { openClusterTreeOf } from '../../storage/clusters.js';
import { call, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const region = 'hd-2';
const day = 86_400_000;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let disk: FileTree;

const create = (body: Record<string, unknown>, token = owner.token) =>
  call(t.app, 'POST', '/apis/data/auth/share/create', { source: netDiskTreeKey(region), expiryDays: 7, ...body }, token);
const mine = (token = owner.token) => call(t.app, 'POST', '/apis/data/auth/share/list', { pageSize: 100 }, token);
const revoke = (id: number, token = owner.token) => call(t.app, 'POST', '/apis/data/auth/share/revoke', { id }, token);
const accessLog = (id: number) => call(t.app, 'POST', '/apis/data/auth/share/access/list', { id, pageSize: 100 }, owner.token);

/** The share page's calls, made without an account from `ip`. */
async function open(token: string, code?: string, ip = '10.0.0.1') {
  const response = await t.app.inject({ method: 'POST', url: '/apis/data/api/share/open', payload: { token, code }, remoteAddress: ip });
  return response.json();
}
async function listFolder(pass: string, folder = '') {
  return (await t.app.inject({ method: 'POST', url: '/apis/data/api/share/list', payload: { pass, path: folder } })).json();
}
function download(pass: string, inside = '', headers: Record<string, string> = {}, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/apis/data/api/share/download',
    payload: new URLSearchParams({ pass, path: inside }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: ip,
  });
}
/** The names in a zip answer, as `unzip` reads them. */
function zipNames(bytes: Buffer): string[] {
  const file = path.join(t.dataDir, `answer-${Date.now()}.zip`);
  fs.writeFileSync(file, bytes);
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
}
const put = (tree: FileTree, at: string, text: string) => tree.fs.write(at, Readable.from([Buffer.from(text)]));

beforeAll(async () => {
  owner = await userWithBalance(t.app, 1_000_000);
  other = await userWithBalance(t.app, 1_000_000);
  expect(await call(t.app, 'POST', '/apis/net-disk/auth/activation', { regionCode: region, sizeGb: 2 }, owner.token)).toMatchObject({
    code: 200,
  });
  disk = await openTree(t.app, owner.id, netDiskTreeKey(region));
  await put(disk, '报告.txt', '季度报告');
  await put(disk, '资料/a.txt', 'aaa');
  await put(disk, '资料/子目录/b.txt', 'bbbb');
});
// Tests move the clock by days: each starts with fresh sessions.
beforeEach(async () => {
  owner.token = await tokenFor(t.app, owner.id);
  other.token = await tokenFor(t.app, other.id);
});

describe('making share links', () => {
  it('refuses the disk root, a bad code, an expiry other than 1, 7, 30 days or never, and another user’s disk', async () => {
    expect(await create({ path: '' })).toMatchObject({ code: 422, msg: '不能分享根目录，请选择文件或文件夹' });
    expect(await create({ path: '报告.txt', code: 'ab' })).toMatchObject({ code: 422, msg: '提取码须为4位字母或数字' });
    expect(await create({ path: '报告.txt', code: 'ab c' })).toMatchObject({ code: 422, msg: '提取码须为4位字母或数字' });
    expect(await create({ path: '报告.txt', expiryDays: 3 })).toMatchObject({ code: 422, msg: '有效期只能是1天、7天、30天或永久有效' });
    expect(await create({ path: '没有.txt' })).toMatchObject({ code: 404, msg: '文件不存在或已删除' });
    expect(await create({ path: '报告.txt' }, other.token)).toMatchObject({ code: 404, msg: '网盘不存在或尚未开通' });
    expect(await create({ source: 'disk:1', path: '报告.txt' })).toMatchObject({ code: 422, msg: '分享的存储位置不合法' });
  });

  it('lists my links with their code, expiry, cap and state; another user sees none of them', async () => {
    const made = await create({ path: '报告.txt', code: 'AbC4', expiryDays: 30, maxDownloads: 3 });
    expect(made).toMatchObject({
      code: 200,
      msg: '分享链接已创建',
      data: {
        name: '报告.txt',
        isDir: false,
        code: 'abc4',
        maxDownloads: 3,
        downloads: 0,
        state: 'active',
        stateName: '有效',
        sourceLabel: '网盘',
      },
    });
    expect(new Date(made.data.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * day);
    expect((await create({ path: '资料', expiryDays: 0 })).data).toMatchObject({ isDir: true, expiresAt: null, code: null });
    expect((await mine()).data.list.map((row: { name: string }) => row.name)).toEqual(['资料', '报告.txt']);
    expect((await mine(other.token)).data.total).toBe(0);
    expect(await revoke(made.data.id, other.token)).toMatchObject({ code: 404, msg: '分享不存在' });
  });
});

describe('the share page, signed out', () => {
  it('asks for the code first, refuses a wrong one, opens with the right one in any case and downloads the file', async () => {
    const share = (await create({ path: '报告.txt', code: 'x7k2' })).data;
    expect(await open(share.token)).toMatchObject({
      code: 200,
      data: { needsCode: true, item: null, pass: null, sharer: expect.any(String) },
    });
    expect(await open(share.token, 'x7k3')).toMatchObject({ code: 422, msg: '提取码错误，请重新输入' });
    const opened = await open(share.token, 'X7K2');
    expect(opened).toMatchObject({
      code: 200,
      data: { needsCode: true, item: { name: '报告.txt', isDir: false, size: 12, downloadsLeft: null } },
    });
    expect(new Date(opened.data.expiresAt).getTime()).toBe(new Date(share.expiresAt).getTime());

    const answer = await download(opened.data.pass);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('季度报告');
    expect(answer.headers['content-disposition']).toContain(encodeURIComponent('报告.txt'));
    expect((await download(`${opened.data.pass}x`)).json()).toMatchObject({ code: 403, msg: '访问凭证无效，请重新打开分享链接' });

    const log = (await accessLog(share.id)).data.list;
    expect(log.map((row: { action: string }) => row.action)).toEqual(['download', 'open', 'wrong-code']);
    expect(log[0]).toMatchObject({ actionName: '下载', ip: '10.0.0.1', path: '报告.txt', bytes: 12 });
  });

  it('lists a shared folder, downloads a file inside it and the whole folder as one zip', async () => {
    const share = (await create({ path: '资料' })).data;
    const opened = await open(share.token);
    expect(opened.data).toMatchObject({ needsCode: false, item: { name: '资料', isDir: true, size: 7 } });
    const top = await listFolder(opened.data.pass);
    expect(top.data.entries.map((entry: { name: string; path: string }) => [entry.name, entry.path])).toEqual([
      ['子目录', '子目录'],
      ['a.txt', 'a.txt'],
    ]);
    expect((await listFolder(opened.data.pass, '子目录')).data.entries.map((entry: { path: string }) => entry.path)).toEqual([
      '子目录/b.txt',
    ]);
    expect(await listFolder(opened.data.pass, '../报告.txt')).toMatchObject({ code: 422 });
    expect((await download(opened.data.pass, '子目录/b.txt')).body).toBe('bbbb');
    const zip = await download(opened.data.pass);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zipNames(zip.rawPayload)).toEqual(['资料/a.txt', '资料/子目录/b.txt']);
    const log = (await accessLog(share.id)).data.list;
    expect(log.slice(0, 2).map((row: { path: string; bytes: number }) => [row.path, row.bytes])).toEqual([
      ['资料', 7],
      ['资料/子目录/b.txt', 4],
    ]);
  });
});

describe('every refusal', () => {
  it('an unknown link', async () => {
    expect(await open('nosuchlink')).toMatchObject({ code: 404, msg: '分享链接不存在' });
  });

  it('an expired link, from the moment its day is over', async () => {
    const share = (await create({ path: '报告.txt', expiryDays: 1 })).data;
    const { pass } = (await open(share.token)).data;
    t.clock.advance(day - 1);
    expect(await open(share.token)).toMatchObject({ code: 200 });
    t.clock.advance(1);
    expect(await open(share.token)).toMatchObject({ code: 410, msg: '分享已过期' });
    expect((await download(pass)).json()).toMatchObject({ code: 410, msg: '分享已过期' });
    owner.token = await tokenFor(t.app, owner.id);
    expect((await mine()).data.list.find((row: { id: number }) => row.id === share.id)).toMatchObject({
      state: 'expired',
      stateName: '已过期',
    });
  });

  it('a revoked link, at once, even for a page already open', async () => {
    const share = (await create({ path: '资料', code: 'q2w3' })).data;
    const { pass } = (await open(share.token, 'q2w3')).data;
    expect(await revoke(share.id)).toMatchObject({ code: 200, msg: '已取消分享', data: { state: 'revoked', stateName: '已取消' } });
    expect(await open(share.token, 'q2w3')).toMatchObject({ code: 410, msg: '分享已被取消' });
    expect(await listFolder(pass)).toMatchObject({ code: 410, msg: '分享已被取消' });
    expect((await download(pass)).json()).toMatchObject({ code: 410, msg: '分享已被取消' });
  });

  it('a link whose downloads are used up; resuming a download already counted is not a new one', async () => {
    const share = (await create({ path: '报告.txt', maxDownloads: 2 })).data;
    const { pass, item } = (await open(share.token)).data;
    expect(item.downloadsLeft).toBe(2);
    expect((await download(pass)).statusCode).toBe(200);
    expect((await download(pass, '', { range: 'bytes=3-' })).statusCode).toBe(206);
    expect((await open(share.token)).data.item.downloadsLeft).toBe(1);
    expect((await download(pass)).statusCode).toBe(200);
    expect((await download(pass)).json()).toMatchObject({ code: 410, msg: '分享的下载次数已用完' });
    expect(await open(share.token)).toMatchObject({ code: 410, msg: '分享的下载次数已用完' });
    expect((await mine()).data.list.find((row: { id: number }) => row.id === share.id)).toMatchObject({ downloads: 2, state: 'used-up' });
  });

  it('a file deleted after it was shared answers 「文件已被删除」, and so does a folder moved to the trash', async () => {
    await put(disk, '临时.txt', 'tmp');
    await put(disk, '临时目录/c.txt', 'c');
    const file = (await create({ path: '临时.txt' })).data;
    const folder = (await create({ path: '临时目录' })).data;
    const { pass } = (await open(file.token)).data;
    await disk.fs.remove('临时.txt');
    expect(
      await call(t.app, 'POST', `/apis/net-disk/auth/delete?regionCode=${region}&path=${encodeURIComponent('临时目录')}`, {}, owner.token),
    ).toMatchObject({
      code: 200,
    });
    expect(await open(file.token)).toMatchObject({ code: 410, msg: '文件已被删除' });
    expect((await download(pass)).json()).toMatchObject({ code: 410, msg: '文件已被删除' });
    expect(await open(folder.token)).toMatchObject({ code: 410, msg: '文件已被删除' });
  });

  it('wrong codes: five from one address, then even the right code waits 10 minutes there; other addresses are not held up', async () => {
    const share = (await create({ path: '报告.txt', code: 'm4n5' })).data;
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(await open(share.token, 'aaaa', '10.0.0.9')).toMatchObject({ code: 422, msg: '提取码错误，请重新输入' });
    expect(await open(share.token, 'm4n5', '10.0.0.9')).toMatchObject({ code: 429, msg: '提取码错误次数过多，请10分钟后再试' });
    expect(await open(share.token, 'm4n5', '10.0.0.10')).toMatchObject({ code: 200 });
    t.clock.advance(10 * 60_000);
    expect(await open(share.token, 'm4n5', '10.0.0.9')).toMatchObject({ code: 200, data: { item: { name: '报告.txt' } } });
    const wrong = (await accessLog(share.id)).data.list.filter((row: { action: string }) => row.action === 'wrong-code');
    expect(wrong).toHaveLength(5);
    expect(wrong[0]).toMatchObject({ actionName: '提取码错误', ip: '10.0.0.9' });
  });

  it('wrong codes spread over many links from one address are limited too', async () => {
    const shares = await Promise.all(Array.from({ length: 8 }, () => create({ path: '报告.txt', code: 'zz99' })));
    let answered = 0;
    for (const share of shares)
      for (let attempt = 0; attempt < 4; attempt++) if ((await open(share.data.token, 'yy88', '10.0.1.1')).code === 422) answered++;
    expect(answered).toBe(30);
    expect(await open(shares[7]!.data.token, 'zz99', '10.0.1.1')).toMatchObject({ code: 429, msg: '提取码错误次数过多，请60分钟后再试' });
  });
});

describe('file storage, the cloud disk and datasets', () => {
  it('shares a file of file storage', async () => {
    const tree = await openClusterTreeOf(t.app, owner.id);
    await put(tree, 'jobs/out.log', 'done');
    const share = await create({ source: tree.key, path: 'jobs/out.log' });
    expect(share.data).toMatchObject({ sourceLabel: '文件存储', name: 'out.log' });
    expect((await download((await open(share.data.token)).data.pass)).body).toBe('done');
  });

  it('shares a file and a folder of the cloud disk, the folder zipped from the object store', async () => {
    expect(await call(t.app, 'POST', '/apis/cloud-net-disk/auth/activation', { regionCode: region }, owner.token)).toMatchObject({
      code: 200,
    });
    const root = cloudDiskRoot(owner.id, region);
    for (const [key, text] of [
      ['图片/1.txt', 'one'],
      ['图片/深/2.txt', 'two'],
      ['单个.txt', 'single'],
    ])
      await t.app.blobs.put(root + key!, Readable.from([Buffer.from(text!)]));
    const file = await create({ source: `cloud:${region}`, path: '单个.txt' });
    expect(file.data).toMatchObject({ sourceLabel: '云盘', isDir: false });
    const opened = await open(file.data.token);
    expect(opened.data.item).toMatchObject({ name: '单个.txt', size: 6 });
    expect((await download(opened.data.pass)).body).toBe('single');
    const folder = await create({ source: `cloud:${region}`, path: '图片/' });
    const folderPass = (await open(folder.data.token)).data;
    expect(folderPass.item).toMatchObject({ name: '图片', isDir: true, size: 6 });
    expect((await listFolder(folderPass.pass)).data.entries.map((entry: { path: string }) => entry.path)).toEqual(['深', '1.txt']);
    expect(zipNames((await download(folderPass.pass)).rawPayload)).toEqual(['图片/1.txt', '图片/深/2.txt']);
    await t.app.blobs.remove(`${root}单个.txt`);
    expect(await open(file.data.token)).toMatchObject({ code: 410, msg: '文件已被删除' });
  });

  it('shares a private dataset: the page offers its id, and renting with the page’s pass mounts it in the new instance', async () => {
    const [row] = await t.app.db
      .insert(datasets)
      .values({
        ownerId: owner.id,
        name: 'my-corpus',
        title: '我的语料',
        licence: 'CC-BY-4.0',
        version: '1',
        status: 'ready',
        sizeBytes: 5,
        fileCount: 1,
      })
      .returning();
    fs.mkdirSync(datasetFolder(t.app, row!.id), { recursive: true });
    fs.writeFileSync(path.join(datasetFolder(t.app, row!.id), 'train.txt'), 'hello');
    expect(await create({ source: `dataset:${row!.id}`, path: '' }, other.token)).toMatchObject({
      code: 404,
      msg: '数据集不存在或尚未生成完成',
    });
    const share = await create({ source: `dataset:${row!.id}`, path: '', code: 'd4t4' });
    expect(share.data).toMatchObject({ name: '我的语料', isDir: true, sourceLabel: '数据集' });
    const opened = await open(share.data.token, 'd4t4');
    expect(opened.data.item).toMatchObject({ name: '我的语料', isDir: true, size: 5, datasetId: row!.id });
    expect(zipNames((await download(opened.data.pass)).rawPayload)).toEqual(['我的语料/train.txt']);

    expect(await call(t.app, 'POST', '/apis/data/api/share/dataset', { pass: opened.data.pass })).toMatchObject({
      code: 200,
      data: { id: row!.id, name: 'my-corpus', title: '我的语料' },
    });
    const fileShare = (await open((await create({ path: '报告.txt' })).data.token)).data.pass;
    expect(await call(t.app, 'POST', '/apis/data/api/share/dataset', { pass: fileShare })).toMatchObject({
      code: 422,
      msg: '该分享不是数据集',
    });

    const { node, model } = await privateNode(t.app.db, 1);
    const order = { regionCode: 'xb-1', gpuCount: 1, billingType: 1, nodeId: node.id, gpuModelId: model.id, imageId };
    const quoted = await call(t.app, 'POST', '/apis/user/auth/order/price/preview', order, other.token);
    const refused = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/info/pay',
      { ...order, quoteToken: quoted.data.quoteToken, datasetShare: 'x.y' },
      other.token,
    );
    expect(refused).toMatchObject({ code: 403, msg: '访问凭证无效，请重新打开分享链接' });
    const paid = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/info/pay',
      { ...order, quoteToken: quoted.data.quoteToken, datasetShare: opened.data.pass },
      other.token,
    );
    expect(paid).toMatchObject({ code: 200 });
    const mounts = await t.app.db.select().from(instanceMounts).where(eq(instanceMounts.instanceId, paid.data.instance.id));
    expect(mounts).toEqual([
      expect.objectContaining({ mountPath: '/root/public-data/my-corpus', kind: 'dataset', sourceId: row!.id, readOnly: true }),
    ]);

    await revoke(share.data.id);
    const again = await call(t.app, 'POST', '/apis/user/auth/order/price/preview', order, other.token);
    expect(
      await call(
        t.app,
        'POST',
        '/apis/user/auth/order/info/pay',
        { ...order, quoteToken: again.data.quoteToken, datasetShare: opened.data.pass },
        other.token,
      ),
    ).toMatchObject({ code: 410, msg: '分享已被取消' });
  });
});
