import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../billing/ledger.js';
import {
  balanceOf,
  ledgerSum,
  messagesOf,
  privateNode,
  rent,
  systemImageId,
  tokenFor,
  userWithBalance,
} from '../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../periodic-jobs.js';
import { buildApp } from '../app.js';
import { bills, cloudDisks, instanceMounts, netDisks, sysConfig } from '../db/schema.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { netDiskTreeKey, openTree } from './file-trees.js';
import { meterStorage } from './storage-metering.js';

let t: TestApp;
const day = 86_400_000;
const activate = (token: string, regionCode: string, sizeGb: number) =>
  call(t.app, 'POST', '/apis/net-disk/auth/activation', { regionCode, sizeGb }, token);
const storageBills = (userId: number) =>
  t.app.db
    .select()
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, 'storage')))
    .orderBy(bills.id);
const diskOf = async (userId: number) => (await t.app.db.select().from(netDisks).where(eq(netDisks.userId, userId)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const terms = {
    netDiskPrice: { freeGb: 20, monthPricePerGb: 300, maxGb: 500, filesPerGb: 5 },
    cloudDiskPrice: { freeGb: 1, monthPricePerGb: 600 },
  };
  for (const [key, value] of Object.entries(terms)) await t.app.db.update(sysConfig).set({ value }).where(eq(sysConfig.key, key));
});
afterAll(() => t.close());

describe('storage billing', () => {
  it('charges each day exactly once, however often the pass runs, and after a restart', async () => {
    const user = await userWithBalance(t.app, 10_000);
    await activate(user.token, 'bj-a', 50); // ¥0.30 a day, the first paid at once
    await runMeteringPasses(t.app);
    await runMeteringPasses(t.app);
    expect(await storageBills(user.id)).toHaveLength(1);

    t.clock.advance(day);
    await Promise.all([meterStorage(t.app), meterStorage(t.app), runMeteringPasses(t.app)]);
    // A second server on the same database (a restart) finds the day paid.
    const restarted = await buildApp({ config: t.app.config, db: t.app.db, clock: t.clock, logger: false });
    await restarted.ready();
    await runMeteringPasses(restarted);
    await restarted.close();
    const lines = await storageBills(user.id);
    expect(lines.map((line) => line.amount)).toEqual([300, 300]);
    expect(lines[1]!.note).toMatch(/^网盘（北京A区） 存储费（\d{4}-\d\d-\d\d）$/);
    expect(lines[1]!.periodStart!.getTime()).toBe(lines[0]!.periodEnd!.getTime());

    // Days the server was down are each charged once when it comes back.
    t.clock.advance(3 * day);
    await runMeteringPasses(t.app);
    expect(await storageBills(user.id)).toHaveLength(5);
    expect(await balanceOf(t.app, user.id)).toBe(10_000 - 5 * 300);
    expect(await ledgerSum(t.app, user.id)).toBe(10_000 - 5 * 300);
  });

  it('freezes a disk the balance cannot pay, never going negative, and unfreezes it after a recharge', async () => {
    const user = await userWithBalance(t.app, 500);
    await activate(user.token, 'hd-2', 50); // 300 paid, 200 left: tomorrow cannot be paid
    t.clock.advance(day);
    await runMeteringPasses(t.app);
    expect((await diskOf(user.id)).status).toBe(2);
    expect(await balanceOf(t.app, user.id)).toBe(200);
    let token = await tokenFor(t.app, user.id);
    expect((await messagesOf(t.app, token)).map((message) => message.title)).toContain('网盘（华东二区）已冻结');
    expect(await call(t.app, 'POST', '/apis/net-disk/auth/mkdir', { regionCode: 'hd-2', name: 'x' }, token)).toMatchObject({
      code: 409,
      msg: '网盘（华东二区）已冻结（欠费），充值后即可恢复写入',
    });
    expect(await call(t.app, 'POST', '/apis/net-disk/auth/list', { regionCode: 'hd-2' }, token)).toMatchObject({ code: 200 });

    t.clock.advance(day);
    await runMeteringPasses(t.app);
    expect(await storageBills(user.id)).toHaveLength(1);
    expect(await balanceOf(t.app, user.id)).toBe(200);

    token = await tokenFor(t.app, user.id);
    await applyLedgerEntry(t.app.db, { userId: user.id, amount: 1_000, kind: 'grant', note: '充值', at: t.clock.now() });
    await runMeteringPasses(t.app);
    const disk = await diskOf(user.id);
    expect(disk.status).toBe(1);
    expect(disk.paidThrough.getTime()).toBe(t.clock.now().getTime() + day);
    expect(await balanceOf(t.app, user.id)).toBe(1_200 - 300);
    expect((await messagesOf(t.app, token)).map((message) => message.title)).toContain('网盘（华东二区）已恢复');
    expect(await call(t.app, 'POST', '/apis/net-disk/auth/mkdir', { regionCode: 'hd-2', name: 'x' }, token)).toMatchObject({ code: 200 });
  });

  it('charges a cloud disk on its stored bytes above the free tier', async () => {
    const user = await userWithBalance(t.app, 10_000);
    const now = t.clock.now();
    await t.app.db
      .insert(cloudDisks)
      .values({ userId: user.id, regionCode: 'hn-1', quotaBytes: 100 * 1024 ** 3, activatedAt: now, paidThrough: now });
    const stored = 3.5 * 1024 ** 3; // 4 GB counted, 3 above the free GB: 3 × ¥0.60 / 30 = ¥0.06
    const report = await meterStorage(t.app, async (_app, userId, regionCode) => ({
      bytes: userId === user.id && regionCode === 'hn-1' ? stored : 0,
    }));
    expect(report.charged).toBeGreaterThanOrEqual(1);
    expect((await storageBills(user.id)).map((line) => [line.amount, line.note.split(' ')[0]])).toEqual([[60, '云盘（华南一区）']]);
    await meterStorage(t.app, async () => ({ bytes: stored }));
    expect(await storageBills(user.id)).toHaveLength(1);
  });
});

describe('storage in the bill screens', () => {
  it('shows a month of storage by disk, and lists the disks with their spend, for their owner only', async () => {
    const user = await userWithBalance(t.app, 10_000);
    await activate(user.token, 'bj-a', 50);
    await activate(user.token, 'hd-2', 80);
    const month = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
    const statement = await call(t.app, 'POST', '/apis/user/auth/bill/statement/view', { month, product: 'storage' }, user.token);
    expect(statement.data.resources.map((r: { instanceName: string; amount: number }) => [r.instanceName, r.amount])).toEqual([
      ['网盘（华东二区）', 600],
      ['网盘（北京A区）', 300],
    ]);
    expect(statement.data.totals).toMatchObject({ lines: 2, amount: 900 });
    const disks = await call(t.app, 'POST', '/apis/user/auth/bill/resource/storage', {}, user.token);
    expect(
      disks.data.map((d: { name: string; spec: string; dayAmount: number; spent: number }) => [d.name, d.spec, d.dayAmount, d.spent]),
    ).toEqual([
      ['网盘（北京A区）', '容量 50 GB', 300, 300],
      ['网盘（华东二区）', '容量 80 GB', 600, 600],
    ]);
    const other = await userWithBalance(t.app, 0);
    expect((await call(t.app, 'POST', '/apis/user/auth/bill/resource/storage', {}, other.token)).data).toEqual([]);
    expect(
      (await call(t.app, 'POST', '/apis/user/auth/bill/statement/view', { month, product: 'storage' }, other.token)).data.resources,
    ).toEqual([]);
  });
});

describe('network disk usage warnings', () => {
  it('warns once at each of 80, 90 and 100 percent of files, and again after dropping below', async () => {
    const user = await userWithBalance(t.app, 1_000);
    await activate(user.token, 'xb-1', 2); // 10 files
    const tree = await openTree(t.app, user.id, netDiskTreeKey('xb-1'));
    const write = (name: string) => tree.fs.write(name, Readable.from([Buffer.from(name)]));
    const titles = async () =>
      (await messagesOf(t.app, user.token)).map((message) => message.title).filter((title) => title.includes('容量已用'));
    for (let n = 1; n <= 8; n++) await write(`f${n}`);
    const copy = (paths: string[], to: string) =>
      call(t.app, 'POST', '/apis/net-disk/auth/copy', { regionCode: 'xb-1', paths, to }, user.token);
    await call(t.app, 'POST', '/apis/net-disk/auth/mkdir', { regionCode: 'xb-1', name: 'c' }, user.token);
    expect(await copy(['f1'], 'c')).toMatchObject({ code: 200 }); // 9 of 10
    expect(await titles()).toEqual(['网盘（西北一区）容量已用 90%']);
    t.clock.advance(day);
    await runMeteringPasses(t.app);
    await runMeteringPasses(t.app);
    user.token = await tokenFor(t.app, user.id); // the session outlived a day
    expect(await titles()).toHaveLength(1);
    expect(await copy(['f2'], 'c')).toMatchObject({ code: 200 }); // 10 of 10
    expect(await copy(['f3'], 'c')).toMatchObject({ code: 409, msg: '网盘（西北一区）文件数超出上限：需要 1 个，剩余 0 个（上限 10 个）' });
    expect((await titles())[0]).toBe('网盘（西北一区）容量已用 100%');
    const full = (await messagesOf(t.app, user.token)).find((message) => message.title.endsWith('100%'));
    expect(full!.content).toContain('文件 10 / 10 个，已无法继续写入');
    await tree.fs.remove('c');
    await tree.fs.remove('f8');
    t.clock.advance(day);
    await runMeteringPasses(t.app); // 7 of 10: below 80%, quietly
    user.token = await tokenFor(t.app, user.id);
    expect(await titles()).toHaveLength(2);
    expect((await diskOf(user.id)).warnedPercent).toBe(0);
    await write('f8');
    await t.app.db.update(netDisks).set({ paidThrough: t.clock.now() }).where(eq(netDisks.userId, user.id));
    await runMeteringPasses(t.app);
    expect((await titles())[0]).toBe('网盘（西北一区）容量已用 80%');
  });
});

describe('network disk mounts', () => {
  it('mounts the region’s disk at /root/netdisk into running instances on activation and into new ones', async () => {
    const user = await userWithBalance(t.app, 100_000);
    const { node, model } = await privateNode(t.app.db, 2);
    const imageId = await systemImageId(t.app.db);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    expect(rented.code).toBe(200);
    const mounts = () => t.app.db.select().from(instanceMounts).where(eq(instanceMounts.kind, 'netdisk'));
    const before = (await mounts()).length;
    await activate(user.token, 'xb-1', 5);
    const disk = await diskOf(user.id);
    const after = await mounts();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ mountPath: '/root/netdisk', sourceId: disk.id, readOnly: false });
    await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    expect((await mounts()).filter((mount) => mount.sourceId === disk.id)).toHaveLength(2);
  });
});
