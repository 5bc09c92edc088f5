import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { call, type TestApp } from '../../../test-support/test-app.js';
import { users } from '../../../db/schema.js';
import { createAccount } from '../../../accounts/accounts.js';
import { applyLedgerEntry, checkLedger } from '../../../billing/ledger.js';
import { chinaMonth } from '../../../billing/monthly-charges.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { messagesOf, privateNode, rent, setUpComputeTestApp, tokenFor, userWithBalance } from '../../../test-support/compute-test-kit.js';
import { userRowWritten } from '../../../test-support/user-written.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const hour = 3_600_000;
let subs = 0;

async function subAccountOf(mainId: number, shareBalance = false) {
  subs += 1;
  const sub = await createAccount(t.app.db, { mobile: `1370000${String(subs).padStart(4, '0')}`, passwordHash: 'x', parentId: mainId });
  if (shareBalance) await t.app.db.update(users).set({ shareBalance: true }).where(eq(users.id, sub.id));
  if (shareBalance) await userRowWritten(t.app, sub.id);
  return { id: sub.id, token: await tokenFor(t.app, sub.id) };
}

const money = (path: string, body: object, token: string) => call(t.app, 'POST', `/apis/user/auth/user/ext/sub/${path}`, body, token);
const cashOf = async (userId: number) => (await t.app.db.select({ cash: users.balance }).from(users).where(eq(users.id, userId)))[0]!.cash;
const expectBooksBalanced = async () =>
  expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });

describe('sub-account money', () => {
  it('allots and recalls cash through the ledger, never recalling more than the sub-account holds, with a log', async () => {
    const main = await userWithBalance(t.app, 100_000);
    const sub = await subAccountOf(main.id);
    expect(await money('money/allot', { subUserId: sub.id, amount: 30_000 }, main.token)).toMatchObject({
      code: 200,
      msg: '已向子账号划拨 ¥30.00',
      data: { balance: 30_000, monthlyBudget: null, chargedThisMonth: 0 },
    });
    expect(await money('money/allot', { subUserId: sub.id, amount: 80_000 }, main.token)).toMatchObject({
      code: 409,
      msg: '主账号余额不足，请先充值',
    });
    expect(await money('money/recall', { subUserId: sub.id, amount: 30_010 }, main.token)).toMatchObject({
      code: 409,
      msg: '回收金额超过子账号余额',
    });
    expect(await money('money/recall', { subUserId: sub.id, amount: 10_000 }, main.token)).toMatchObject({
      code: 200,
      data: { balance: 20_000 },
    });
    expect(await money('money/allot', { subUserId: sub.id, amount: 5 }, main.token)).toMatchObject({ code: 422 });
    expect(await money('money/allot', { subUserId: sub.id, amount: 1_005 }, main.token)).toMatchObject({
      code: 422,
      msg: '金额须精确到分',
    });
    expect([await cashOf(main.id), await cashOf(sub.id)]).toEqual([80_000, 20_000]);

    const log = await money('money/log', { subUserId: sub.id }, main.token);
    expect(log.data).toMatchObject({ total: 2, list: [{ amount: -10_000 }, { amount: 30_000 }] });
    await expectBooksBalanced();
  });

  it('refuses sub-accounts that share the main balance, other mains’ sub-accounts, and sub-accounts themselves', async () => {
    const main = await userWithBalance(t.app, 100_000);
    const other = await userWithBalance(t.app, 100_000);
    const sharing = await subAccountOf(main.id, true);
    const othersSub = await subAccountOf(other.id);
    expect(await money('money/allot', { subUserId: sharing.id, amount: 1_000 }, main.token)).toMatchObject({
      code: 409,
      msg: '该子账号共享主账号余额，无需划拨',
    });
    for (const [path, body] of [
      ['money/view', { subUserId: othersSub.id }],
      ['money/allot', { subUserId: othersSub.id, amount: 1_000 }],
      ['money/recall', { subUserId: othersSub.id, amount: 1_000 }],
      ['money/log', { subUserId: othersSub.id }],
      ['budget/save', { subUserId: othersSub.id, monthlyBudget: 1_000 }],
      ['money/view', { subUserId: main.id }],
    ] as const)
      expect(await money(path, body, main.token)).toMatchObject({ code: 404, msg: '子账号不存在' });
    expect(await money('money/view', { subUserId: othersSub.id }, othersSub.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/ext/balance/threshold/save', { threshold: 1_000 }, sharing.token)).toMatchObject(
      {
        code: 409,
        msg: '共享主账号余额的子账号，余额预警由主账号设置',
      },
    );
    expect([await cashOf(main.id), await cashOf(other.id)]).toEqual([100_000, 100_000]);
  });

  it('stops the sub-account’s running instances when its charges this month reach its budget, telling both accounts', async () => {
    const nextMonth = chinaMonth(new Date(chinaMonth(t.clock.now()).start.getTime() + 32 * 24 * hour)).start;
    t.clock.advance(nextMonth.getTime() + 24 * hour - t.clock.now().getTime());
    const main = await userWithBalance(t.app, 500_000);
    const sub = await subAccountOf(main.id);
    await money('money/allot', { subUserId: sub.id, amount: 200_000 }, main.token);
    const { node, model } = await privateNode(t.app.db, 2);
    const rented = await rent(t.app, sub.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    expect(rented.code).toBe(200);
    t.clock.advance(8_000);
    await runMeteringPasses(t.app);

    expect(await money('budget/save', { subUserId: sub.id, monthlyBudget: 2_500 }, main.token)).toMatchObject({
      code: 200,
      data: { monthlyBudget: 2_500 },
    });
    t.clock.advance(hour / 2);
    expect((await runMeteringPasses(t.app)).stoppedForBudget).toBe(0);
    t.clock.advance(hour);
    const pass = await runMeteringPasses(t.app);
    expect(pass.stoppedForBudget).toBe(1);
    const list = await call(t.app, 'POST', '/apis/container/auth/list', { pageSize: 10 }, sub.token);
    expect(list.data.list[0].status).not.toBe(2);
    const records = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/instance/events',
      { id: rented.data.instance.id, pageSize: 50 },
      sub.token,
    );
    expect(records.data.list.map((record: { name: string }) => record.name)).toContain('预算停机');
    const view = await money('money/view', { subUserId: sub.id }, main.token);
    expect(view.data.chargedThisMonth).toBeGreaterThanOrEqual(2_500);
    expect((await messagesOf(t.app, sub.token))[0]).toMatchObject({ title: '子账号月度预算已用完，实例已关机' });
    expect((await messagesOf(t.app, main.token))[0]).toMatchObject({ title: '子账号月度预算已用完，实例已关机' });
    expect(await money('budget/save', { subUserId: sub.id, monthlyBudget: null }, main.token)).toMatchObject({
      data: { monthlyBudget: null },
    });
    await expectBooksBalanced();
  });
});

describe('low-balance alerts', () => {
  it('send a message and an SMS once per crossing of the user’s threshold', async () => {
    const user = await userWithBalance(t.app, 50_000);
    const save = (threshold: number | null) =>
      call(t.app, 'POST', '/apis/user/auth/user/ext/balance/threshold/save', { threshold }, user.token);
    expect(await save(-5)).toMatchObject({ code: 422 });
    expect(await save(20_005)).toMatchObject({ code: 422, msg: '预警值须精确到分' });
    expect(await save(20_000)).toMatchObject({ code: 200, data: { threshold: 20_000, balance: 50_000 } });
    const alerts = async () => (await messagesOf(t.app, user.token)).filter((m) => m.title === '余额低于预警值').length;
    const smsTo = (mobile: string) =>
      fs
        .readFileSync(path.join(t.dataDir, 'sms-outbox.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((sms) => sms.mobile === mobile && sms.type === 'notice');
    const [{ mobile }] = (await t.app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id))) as [{ mobile: string }];

    await runMeteringPasses(t.app);
    expect(await alerts()).toBe(0);
    const move = (amount: number) =>
      t.app.db.transaction(async (tx) => {
        await applyLedgerEntry(tx, { userId: user.id, amount, kind: amount < 0 ? 'charge' : 'grant', note: '测试', at: t.app.clock.now() });
      });
    await move(-35_000);
    expect((await runMeteringPasses(t.app)).thresholdAlerts).toBe(1);
    expect((await runMeteringPasses(t.app)).thresholdAlerts).toBe(0);
    expect(await alerts()).toBe(1);
    expect(smsTo(mobile)).toHaveLength(1);
    expect(smsTo(mobile)[0].text).toContain('已低于预警值 ¥20.00');

    await move(10_000);
    await runMeteringPasses(t.app);
    expect(await alerts()).toBe(1);
    await move(-10_000);
    expect((await runMeteringPasses(t.app)).thresholdAlerts).toBe(1);
    expect(await alerts()).toBe(2);
    expect(smsTo(mobile)).toHaveLength(2);
    expect(await save(null)).toMatchObject({ code: 200, data: { threshold: null } });
    await expectBooksBalanced();
  });
});
