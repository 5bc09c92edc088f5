import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, sysConfig } from '../../db/schema.js';
import { balanceOf, userWithBalance } from '../../test-support/compute-test-kit.js';
import { netDiskTreeKey, openTree } from '../../storage/file-trees.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: { id: number; token: string };
let stranger: { id: number; token: string };
const region = 'hd-2';
const GiB = 1024 ** 3;

const api = (path: string, body?: unknown, token = owner.token) => call(t.app, 'POST', `/apis/net-disk/auth/${path}`, body, token);
const get = (path: string, token = owner.token) => call(t.app, 'GET', `/apis/net-disk/auth/${path}`, undefined, token);
const list = async (path = '', token = owner.token) =>
  ((await api('list', { regionCode: region, path, pageSize: 100 }, token)).data?.list ?? []).map((entry: { name: string }) => entry.name);
const put = async (path: string, content: string | Buffer) =>
  (await openTree(t.app, owner.id, netDiskTreeKey(region))).fs.write(path, Readable.from([Buffer.from(content)]));
const download = (body: Record<string, string>, headers: Record<string, string> = {}, token = owner.token) =>
  t.app.inject({
    method: 'POST',
    url: '/apis/net-disk/auth/download',
    payload: new URLSearchParams({ ...body, token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

beforeAll(async () => {
  t = await createTestApp();
  // Small file quotas (3 files per GB) so the file-count limits are reached with a few files.
  await t.app.db
    .update(sysConfig)
    .set({ value: { freeGb: 20, monthPricePerGb: 300, maxGb: 500, filesPerGb: 3 } })
    .where(eq(sysConfig.key, 'netDiskPrice'));
  owner = await userWithBalance(t.app, 100_000);
  stranger = await userWithBalance(t.app, 100_000);
});
afterAll(() => t.close());

describe('network disk activation', () => {
  it('lists every open region, none activated, with the site terms', async () => {
    const answer = await get('get');
    expect(answer.data.terms).toEqual({ freeGb: 20, monthPricePerGb: 300, maxGb: 500, filesPerGb: 3 });
    expect(answer.data.regions.map((each: { regionCode: string }) => each.regionCode)).toContain(region);
    expect(answer.data.regions.every((each: { status: number }) => each.status === 0)).toBe(true);
  });

  it('refuses an unknown region, a size past the maximum, and a call before activation', async () => {
    expect(await api('activation', { regionCode: 'mars-1', sizeGb: 10 })).toMatchObject({ code: 422, msg: '地区不存在或未开放：mars-1' });
    expect(await api('activation', { regionCode: region, sizeGb: 501 })).toMatchObject({ code: 422, msg: '网盘容量不能超过 500 GB' });
    expect(await api('activation', { regionCode: region, sizeGb: 0 })).toMatchObject({ code: 422 });
    expect(await api('list', { regionCode: region })).toMatchObject({ code: 409, msg: '该地区的网盘尚未开通，请先开通网盘' });
  });

  it('charges the first day of the part above the free tier as a storage bill', async () => {
    const answer = await api('activation', { regionCode: region, sizeGb: 2 });
    expect(answer).toMatchObject({ code: 200, data: { charged: 0, disk: { status: 1, sizeGb: 2, quotaFiles: 6, dayAmount: 0 } } });
    // 2 GB is inside the free tier; 50 GB pays 30 GB × ¥0.30 / 30 = ¥0.30 a day, charged at once.
    const other = await api('activation', { regionCode: 'bj-a', sizeGb: 50 }, stranger.token);
    expect(other).toMatchObject({ code: 200, data: { charged: 300, disk: { dayAmount: 300 } } });
    expect(await balanceOf(t.app, stranger.id)).toBe(100_000 - 300);
    const [bill] = await t.app.db.select().from(bills).where(eq(bills.userId, stranger.id));
    expect(bill).toMatchObject({ product: 'storage', kind: 'usage', amount: 300, note: '网盘（北京A区） 50 GB 首日费用' });
  });

  it('grows a disk for the difference until the end of the paid day, pro rata', async () => {
    t.clock.advance(12 * 3_600_000);
    const answer = await api('activation', { regionCode: 'bj-a', sizeGb: 80 }, stranger.token);
    // (60 - 30) GB × ¥0.30 / 30 a day = 300, for the half day left: 150.
    expect(answer).toMatchObject({ code: 200, data: { charged: 150, disk: { sizeGb: 80, dayAmount: 600 } } });
    expect(await balanceOf(t.app, stranger.id)).toBe(100_000 - 450);
  });

  it('refuses to grow past the balance, saying what it costs', async () => {
    const poor = await userWithBalance(t.app, 100);
    expect(await api('activation', { regionCode: region, sizeGb: 50 }, poor.token)).toMatchObject({
      code: 409,
      msg: '账户余额不足：开通网盘（华东二区）首日费用需支付 ¥0.30，当前余额 ¥0.10，请先充值',
    });
    expect((await get('get', poor.token)).data.regions.find((each: { regionCode: string }) => each.regionCode === region).status).toBe(0);
  });
});

describe('network disk files', () => {
  it('makes folders, lists them sorted and paged, and hides the trash', async () => {
    expect(await api('mkdir', { regionCode: region, name: '数据集' })).toMatchObject({ code: 200, data: '数据集' });
    expect(await api('mkdir', { regionCode: region, path: '数据集', name: 'raw' })).toMatchObject({ code: 200, data: '数据集/raw' });
    await put('b.txt', 'bbbbbb');
    await put('a.txt', 'aaa');
    expect(await list()).toEqual(['数据集', 'a.txt', 'b.txt']);
    const bySize = await api('list', { regionCode: region, sort: 'size', order: 'desc', pageNum: 1, pageSize: 2 });
    expect(bySize.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(bySize.data.list.map((entry: { name: string }) => entry.name)).toEqual(['数据集', 'b.txt']);
  });

  it('refuses traversal, bad names, the trash folder and names that exist, with a message', async () => {
    for (const path of ['../x', '/etc', '数据集/../../x', '%2e%2e/x', 'a\u0000b'])
      expect(await api('list', { regionCode: region, path })).toMatchObject({ code: 422 });
    expect(await api('list', { regionCode: region, path: '.rc-trash' })).toMatchObject({
      code: 422,
      msg: '不能直接操作回收站，请使用回收站功能',
    });
    for (const name of ['..', 'a/b', 'a\\b', '.']) expect(await api('mkdir', { regionCode: region, name })).toMatchObject({ code: 422 });
    expect(await api('mkdir', { regionCode: region, name: '数据集' })).toMatchObject({ code: 409, msg: '「数据集」已存在，请换一个名称' });
    expect(await api('rename', { regionCode: region, path: 'a.txt', name: 'b.txt' })).toMatchObject({
      code: 409,
      msg: '「b.txt」已存在，请换一个名称',
    });
    expect(await api('rename', { regionCode: region, path: 'a.txt', name: '../a.txt' })).toMatchObject({ code: 422 });
    expect(await api('rename', { regionCode: region, path: 'nope.txt', name: 'x' })).toMatchObject({ code: 404 });
    expect(await api('move', { regionCode: region, paths: ['数据集'], to: '数据集/raw' })).toMatchObject({
      code: 422,
      msg: '不能把「数据集」放进它自己或它的子文件夹',
    });
    expect(await api('move', { regionCode: region, paths: ['a.txt'], to: 'b.txt' })).toMatchObject({
      code: 422,
      msg: '目标文件夹「b.txt」不存在',
    });
    expect(await api('move', { regionCode: region, paths: ['a.txt', 'a.txt'], to: '数据集/raw/none' })).toMatchObject({
      code: 422,
      msg: '目标文件夹「数据集/raw/none」不存在',
    });
  });

  it('renames, moves and copies', async () => {
    expect(await api('rename', { regionCode: region, path: 'a.txt', name: '说明 v1.txt' })).toMatchObject({
      code: 200,
      data: '说明 v1.txt',
    });
    expect(await api('move', { regionCode: region, paths: ['说明 v1.txt'], to: '数据集' })).toMatchObject({
      code: 200,
      data: { count: 1 },
    });
    expect(await list('数据集')).toEqual(['raw', '说明 v1.txt']);
    expect(await api('copy', { regionCode: region, paths: ['数据集/说明 v1.txt'], to: '' })).toMatchObject({ code: 200 });
    expect(await list()).toEqual(['数据集', '说明 v1.txt', 'b.txt']);
    expect(await api('copy', { regionCode: region, paths: ['b.txt'], to: '数据集' })).toMatchObject({ code: 200 });
  });

  it('refuses a copy past the file quota before writing anything, with the numbers', async () => {
    // 2 GB × 3 files: b.txt, 数据集/说明 v1.txt, 说明 v1.txt, 数据集/b.txt hold 4 of 6.
    const answer = await api('copy', { regionCode: region, paths: ['数据集'], to: '数据集/raw' });
    expect(answer).toMatchObject({ code: 422 });
    await api('mkdir', { regionCode: region, name: 'copies' });
    const refused = await api('copy', { regionCode: region, paths: ['数据集', 'b.txt', '说明 v1.txt'], to: 'copies' });
    expect(refused).toMatchObject({ code: 409, msg: '网盘（华东二区）文件数超出上限：需要 4 个，剩余 2 个（上限 6 个）' });
    expect(await list('copies')).toEqual([]);
  });

  it('downloads a file whole and by range, keeping its Chinese name', async () => {
    const content = Buffer.from('0123456789'.repeat(100));
    await put('数据集/模型 权重.bin', content);
    const whole = await download({ regionCode: region, path: '数据集/模型 权重.bin' });
    expect(whole.statusCode).toBe(200);
    expect(createHash('md5').update(whole.rawPayload).digest('hex')).toBe(createHash('md5').update(content).digest('hex'));
    expect(whole.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('模型 权重.bin')}`);
    const part = await download({ regionCode: region, path: '数据集/模型 权重.bin' }, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.body).toBe('0123456789');
    expect((await download({ regionCode: region, path: '数据集/模型 权重.bin' }, { range: 'bytes=5000-' })).statusCode).toBe(416);
    expect((await download({ regionCode: region, path: '../x' })).json()).toMatchObject({ code: 422 });
    expect((await download({ regionCode: region, path: 'missing.bin' })).json()).toMatchObject({ code: 404 });
  });

  it('deletes to the trash, restores, deletes for good and empties', async () => {
    const trashed = await call(
      t.app,
      'POST',
      `/apis/net-disk/auth/delete?regionCode=${region}&path=${encodeURIComponent('b.txt')}`,
      undefined,
      owner.token,
    );
    expect(trashed).toMatchObject({ code: 200, data: { name: 'b.txt', originalPath: 'b.txt', bytes: 6, files: 1 } });
    expect(await list()).not.toContain('b.txt');
    expect(await list()).not.toContain('.rc-trash');
    const trash = await api('trash/list', { regionCode: region });
    expect(trash.data.map((item: { name: string }) => item.name)).toEqual(['b.txt']);
    expect(await api('trash/restore', { id: trashed.data.id })).toMatchObject({ code: 200 });
    expect(await list()).toContain('b.txt');
    const again = await call(t.app, 'POST', `/apis/net-disk/auth/delete?regionCode=${region}&path=b.txt`, undefined, owner.token);
    expect(await api('trash/delete', { id: again.data.id })).toMatchObject({ code: 200 });
    await call(t.app, 'POST', `/apis/net-disk/auth/delete?regionCode=${region}&path=copies`, undefined, owner.token);
    expect(await api('trash/empty', { regionCode: region })).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await api('trash/list', { regionCode: region })).data).toEqual([]);
    expect(await call(t.app, 'POST', `/apis/net-disk/auth/delete?regionCode=${region}&path=`, undefined, owner.token)).toMatchObject({
      code: 422,
    });
  });

  it('refuses shrinking below what is stored, with the numbers', async () => {
    // 4 files now; 1 GB allows 3.
    expect(await api('activation', { regionCode: region, sizeGb: 1 })).toMatchObject({
      code: 409,
      msg: '不能缩容到 1 GB：该容量最多存 3 个文件，网盘（华东二区）已有 4 个（含回收站）',
    });
    const total = await get('total/used');
    expect(total.data).toMatchObject({ disks: 1, usedFiles: 4, quotaBytes: 2 * GiB, quotaFiles: 6 });
  });
});

describe('one user never reaches another’s network disk', () => {
  it('answers every call about the caller’s own disk only', async () => {
    // The stranger has no disk in hd-2: every call on it is refused rather than reaching the owner's.
    const body = { regionCode: region };
    expect(await api('list', body, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('mkdir', { ...body, name: 'x' }, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('rename', { ...body, path: '数据集', name: 'x' }, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('move', { ...body, paths: ['数据集'], to: '' }, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('copy', { ...body, paths: ['数据集'], to: '' }, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('trash/list', body, stranger.token)).toMatchObject({ code: 409 });
    expect(await api('trash/empty', body, stranger.token)).toMatchObject({ code: 409 });
    expect(
      await call(t.app, 'POST', `/apis/net-disk/auth/delete?regionCode=${region}&path=b.txt`, undefined, stranger.token),
    ).toMatchObject({
      code: 409,
    });
    expect((await download({ regionCode: region, path: '数据集/模型 权重.bin' }, {}, stranger.token)).json()).toMatchObject({ code: 409 });
    // With a disk of its own in hd-2, the stranger sees its own empty disk.
    await api('activation', { regionCode: region, sizeGb: 1 }, stranger.token);
    expect(await list('', stranger.token)).toEqual([]);
    expect(await api('list', { ...body, path: '数据集' }, stranger.token)).toMatchObject({ code: 404 });
    expect((await download({ regionCode: region, path: '数据集/模型 权重.bin' }, {}, stranger.token)).json()).toMatchObject({ code: 404 });
    // The owner's trash items are not the stranger's to restore or delete.
    const item = await call(
      t.app,
      'POST',
      `/apis/net-disk/auth/delete?regionCode=${region}&path=${encodeURIComponent('说明 v1.txt')}`,
      undefined,
      owner.token,
    );
    expect(await api('trash/restore', { id: item.data.id }, stranger.token)).toMatchObject({ code: 404 });
    expect(await api('trash/delete', { id: item.data.id }, stranger.token)).toMatchObject({ code: 404 });
    expect((await api('trash/list', body, stranger.token)).data).toEqual([]);
    const strangerTotals = await get('total/used', stranger.token);
    expect(strangerTotals.data).toMatchObject({ usedFiles: 0, disks: 2 });
    const ownerView = (await get('get')).data.regions.find((each: { regionCode: string }) => each.regionCode === 'bj-a');
    expect(ownerView.status).toBe(0);
  });

  it('refuses every call without a session', async () => {
    for (const path of ['list', 'mkdir', 'activation', 'trash/list']) expect((await api(path, { regionCode: region }, '')).code).toBe(401);
    expect((await get('get', '')).code).toBe(401);
  });
});
