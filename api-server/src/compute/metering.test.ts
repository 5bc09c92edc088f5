import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, type TestApp } from '../test-support/test-app.js';
import { users } from '../db/schema.js';
import {
  balanceOf,
  gpuFree,
  ledgerSum,
  messagesOf,
  privateNode,
  quotedOperation,
  rent,
  tokenFor,
  userWithBalance,
  setUpComputeTestApp,
} from '../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../periodic-jobs.js';
import { checkLedger } from '../billing/ledger.js';
import { userRowWritten } from '../test-support/user-written.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const hour = 3600 * second;
const day = 24 * hour;

async function runningPayAsYouGo(balance: number, o: { gpuCount?: number; dataDiskExtraGb?: number } = {}) {
  const { node, model } = await privateNode(t.app.db, 8);
  const user = await userWithBalance(t.app, balance);
  const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, ...o });
  expect(rented.code).toBe(200);
  t.clock.advance(8 * second);
  await runMeteringPasses(t.app);
  const view = await instance(user.token, rented.data.instance.id);
  expect(view.status).toBe(2);
  return { user, node, id: rented.data.instance.id as number };
}

async function instance(token: string, id: number) {
  const list = await call(t.app, 'POST', '/apis/container/auth/list', { pageSize: 100 }, token);
  if (list.code !== 200) throw new Error(list.msg);
  return list.data.list.find((row: { id: number }) => row.id === id);
}

async function bills(token: string) {
  return (await call(t.app, 'POST', '/apis/user/auth/order/bill/list', { pageSize: 100 }, token)).data.list as Array<{
    kind: string;
    amount: number;
    seconds: number;
  }>;
}

describe('pay-as-you-go metering', () => {
  it('charges per second of running time, exactly, with a bill line per settlement', async () => {
    const { user } = await runningPayAsYouGo(100_000, { gpuCount: 2, dataDiskExtraGb: 10 });
    const dayRate = 24 * 2 * 1980 + 10 * 7;
    t.clock.advance(hour);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, user.id)).toBe(100_000 - Math.floor((3600 * dayRate) / 86_400));
    t.clock.advance(61 * second + 999);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, user.id)).toBe(100_000 - Math.floor((3661 * dayRate) / 86_400));
    const lines = await bills(user.token);
    expect(lines.map((line) => line.seconds)).toEqual([61, 3600]);
    expect(lines.every((line) => line.kind === 'usage')).toBe(true);
    expect(await ledgerSum(t.app, user.id)).toBe(await balanceOf(t.app, user.id));
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });

  it('settles at every state change: stopping charges up to the second and ends the meter', async () => {
    const { user, id } = await runningPayAsYouGo(100_000);
    t.clock.advance(30 * 60 * second + 20 * second);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token)).code).toBe(200);
    const charged = Math.floor((1820 * 24 * 1980) / 86_400);
    expect(await balanceOf(t.app, user.id)).toBe(100_000 - charged);
    t.clock.advance(hour);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, user.id)).toBe(100_000 - charged);
  });

  it('no-GPU mode runs at the small CPU price and holds no GPU', async () => {
    const { user, node, id } = await runningPayAsYouGo(100_000);
    await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token);
    t.clock.advance(3 * second);
    const before = await balanceOf(t.app, user.id);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/non/device/start', { id }, user.token)).data).toMatchObject({
      status: 1,
      gpuHeld: 0,
      noGpu: true,
    });
    expect(await gpuFree(t.app, node.id)).toBe(8);
    t.clock.advance(5 * second);
    await runMeteringPasses(t.app);
    t.clock.advance(10 * hour);
    await runMeteringPasses(t.app);
    expect(before - (await balanceOf(t.app, user.id))).toBe(10 * 100);
  });

  it('stops every instance of a user whose balance runs out, charging down to exactly zero, with a message', async () => {
    const { user, node, id } = await runningPayAsYouGo(2_500);
    expect((await messagesOf(t.app, user.token)).map((message) => message.title)).toEqual([]);
    t.clock.advance(30 * 60 * second);
    await runMeteringPasses(t.app);
    const warnings = await messagesOf(t.app, user.token);
    expect(warnings.map((message) => message.title)).toEqual(['余额不足1小时']);
    expect(warnings[0]!.content).toContain('¥1.51 预计仅够当前运行的按量计费实例使用约 45 分钟');
    t.clock.advance(30 * 60 * second);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, user.id)).toBe(520);
    expect(await messagesOf(t.app, user.token)).toHaveLength(1);
    t.clock.advance(20 * 60 * second);
    const report = await runMeteringPasses(t.app);
    expect(report.stoppedForBalance).toBe(1);
    expect(await balanceOf(t.app, user.id)).toBe(0);
    expect(await ledgerSum(t.app, user.id)).toBe(0);
    expect((await instance(user.token, id)).status).toBe(3);
    expect(await gpuFree(t.app, node.id)).toBe(8);
    expect((await messagesOf(t.app, user.token)).map((message) => message.title)).toEqual(['余额不足，实例已关机', '余额不足1小时']);
    const start = await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id }, user.token);
    expect(start.code).toBe(409);
  });
});

describe('a sub-account sharing its main account balance', () => {
  it('rents and runs on the main account balance, its bills under its own name', async () => {
    const { node, model } = await privateNode(t.app.db, 8);
    const main = await userWithBalance(t.app, 100_000);
    const sub = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ parentId: main.id, shareBalance: true }).where(eq(users.id, sub.id));
    await userRowWritten(t.app, sub.id);
    const rented = await rent(t.app, sub.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    expect(rented.code).toBe(200);
    t.clock.advance(8 * second);
    await runMeteringPasses(t.app);
    t.clock.advance(hour);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, main.id)).toBe(100_000 - 1980);
    expect(await balanceOf(t.app, sub.id)).toBe(0);
    expect(await ledgerSum(t.app, main.id)).toBe(100_000 - 1980);
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
    expect(await bills(sub.token)).toEqual([expect.objectContaining({ kind: 'usage', amount: 1980, seconds: 3600 })]);
  });
});

describe('packages', () => {
  it('are paid up front, never metered, and end at expiry: the instance stops, frees its GPUs and the user is told', async () => {
    const { node, model } = await privateNode(t.app.db, 8);
    const user = await userWithBalance(t.app, 100_000);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2, gpuCount: 2 });
    expect(await balanceOf(t.app, user.id)).toBe(100_000 - 84_000);
    t.clock.advance(8 * second);
    await runMeteringPasses(t.app);
    t.clock.advance(day - 9 * second);
    await runMeteringPasses(t.app);
    expect(await balanceOf(t.app, user.id)).toBe(16_000);
    expect((await instance(await tokenFor(t.app, user.id), rented.data.instance.id)).status).toBe(2);
    t.clock.advance(2 * second);
    await runMeteringPasses(t.app);
    const token = await tokenFor(t.app, user.id);
    expect(await instance(token, rented.data.instance.id)).toMatchObject({ status: 3, billingType: 1, gpuHeld: 0 });
    expect(await gpuFree(t.app, node.id)).toBe(8);
    expect((await messagesOf(t.app, token))[0]).toMatchObject({ title: '包周期已到期，实例已关机' });
    expect(await balanceOf(t.app, user.id)).toBe(16_000);
  });

  it('renewal extends the expiry and a stopped package keeps its GPUs', async () => {
    const { node, model } = await privateNode(t.app.db, 8);
    const user = await userWithBalance(t.app, 500_000);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 });
    const id = rented.data.instance.id;
    t.clock.advance(8 * second);
    await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token);
    t.clock.advance(3 * second);
    await runMeteringPasses(t.app);
    expect(await gpuFree(t.app, node.id)).toBe(7);
    const renewed = await quotedOperation(t.app, user.token, 'renew', '/apis/user/auth/user/instance/renew', { id, duration: 2 });
    expect(new Date(renewed.data.packageExpiresAt).getTime() - new Date(rented.data.instance.packageExpiresAt).getTime()).toBe(2 * day);
    expect(await balanceOf(t.app, user.id)).toBe(500_000 - 3 * 42_000);
  });
});

describe('release of long-stopped instances', () => {
  it('warns 3 days before and releases after 15 days powered off', async () => {
    const { user, node, id } = await runningPayAsYouGo(100_000);
    await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token);
    t.clock.advance(3 * second);
    await runMeteringPasses(t.app);
    const titles = async () => (await messagesOf(t.app, await tokenFor(t.app, user.id))).map((message) => message.title);
    t.clock.advance(12 * day - second);
    await runMeteringPasses(t.app);
    expect(await titles()).toEqual([]);
    t.clock.advance(second);
    await runMeteringPasses(t.app);
    await runMeteringPasses(t.app);
    expect(await titles()).toEqual(['实例即将释放']);
    expect((await messagesOf(t.app, await tokenFor(t.app, user.id)))[0]!.content).toContain('将于');
    t.clock.advance(3 * day - second);
    await runMeteringPasses(t.app);
    expect((await instance(await tokenFor(t.app, user.id), id)).status).toBe(4);
    t.clock.advance(second);
    await runMeteringPasses(t.app);
    const token = await tokenFor(t.app, user.id);
    expect((await instance(token, id)).status).toBe(5);
    t.clock.advance(3 * second);
    await runMeteringPasses(t.app);
    expect(await instance(token, id)).toBeUndefined();
    expect(await titles()).toEqual(['实例已释放', '实例即将释放']);
    expect(
      (await call(t.app, 'GET', '/apis/container/auth/statistics', undefined, await tokenFor(t.app, user.id))).data.totalContainer,
    ).toBe(0);
    expect(await gpuFree(t.app, node.id)).toBe(8);
  });

  it('follows the configured number of days', async () => {
    t.app.compute.settings.releaseAfterStoppedDays = 5;
    try {
      const { user, id } = await runningPayAsYouGo(100_000);
      await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token);
      t.clock.advance(3 * second + 5 * day);
      await runMeteringPasses(t.app);
      expect((await instance(await tokenFor(t.app, user.id), id)).status).toBe(5);
    } finally {
      t.app.compute.settings.releaseAfterStoppedDays = 15;
    }
  });
});
