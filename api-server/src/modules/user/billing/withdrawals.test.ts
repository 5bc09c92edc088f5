import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../../../test-support/test-app.js';
import { ledgerEntries, users, withdrawals } from '../../../db/schema.js';
import { WithdrawalStatus } from '../../../billing/withdrawals.js';
import { runComputePass } from '../../../compute/scheduler.js';
import { checkLedger, postTransaction } from '../../../billing/ledger.js';
import { userWithBalance } from '../../../compute/compute-test-kit.js';
import { demoOperatorMobile } from '../../../seed/operator.js';
import { demoPassword } from '../../../seed/demo-data.js';
import type { SandboxPayoutProvider } from '../../../billing/payouts/sandbox-payout-provider.js';
import { userRowWritten } from '../../../test-support/user-written.js';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await login(t.app, demoOperatorMobile, demoPassword);
});
afterAll(() => t.close());

const save = (body: object, token: string) => call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/save', body, token);
const list = (token: string) => call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/list', {}, token);
const balancesOf = async (userId: number) => {
  const [row] = await t.app.db.select({ income: users.incomeBalance, cash: users.balance }).from(users).where(eq(users.id, userId));
  return row!;
};
const expectBooksBalanced = async () =>
  expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });

/** A real-name verified user with `cash` recharged and `income` withdrawable. */
async function earner(income: number, cash = 0) {
  const user = await userWithBalance(t.app, cash);
  await t.app.db.update(users).set({ idCardCheckStatus: 1, realName: '张三' }).where(eq(users.id, user.id));
  await userRowWritten(t.app, user.id);
  if (income > 0)
    await postTransaction(t.app.db, {
      kind: 'income_referral',
      note: '测试收益',
      at: t.app.clock.now(),
      legs: [
        { account: { kind: 'promotion' }, amount: -income },
        { account: { kind: 'income', userId: user.id }, amount: income },
      ],
    });
  return user;
}

const alipay = { payeeChannel: 'alipay', payeeAccount: 'zhangsan@example.com', payeeName: '张三' };

describe('withdrawals', () => {
  it('show the rules and the withdrawable income', async () => {
    const user = await earner(200_000, 50_000);
    const options = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/options', undefined, user.token);
    expect(options.data).toMatchObject({ withdrawable: 200_000, minAmount: 10_000, feeBasisPoints: 60, minFee: 1_000, realName: '张三' });
  });

  it('refuse bad input, unverified users, another name, and more than the withdrawable income (never recharged cash)', async () => {
    const user = await earner(50_000, 500_000);
    expect(await save({ ...alipay, amount: 9_990 }, user.token)).toMatchObject({ code: 422, msg: '单笔提现金额不能低于 ¥10.00' });
    expect(await save({ ...alipay, amount: 20_005 }, user.token)).toMatchObject({ code: 422, msg: '提现金额须精确到分' });
    expect(await save({ ...alipay, amount: -1 }, user.token)).toMatchObject({ code: 422 });
    expect(await save({ ...alipay, amount: 20_000, payeeName: '李四' }, user.token)).toMatchObject({
      code: 422,
      msg: '收款人姓名须与实名认证姓名一致',
    });
    expect(await save({ ...alipay, amount: 20_000, payeeAccount: 'not an account' }, user.token)).toMatchObject({
      code: 422,
      msg: '支付宝账号应为手机号或邮箱',
    });
    expect(
      await save({ amount: 20_000, payeeChannel: 'bank', payeeAccount: '6222020200001234567', payeeName: '张三' }, user.token),
    ).toMatchObject({
      code: 422,
      msg: '请填写开户银行',
    });
    expect(await save({ ...alipay, amount: 60_000 }, user.token)).toMatchObject({ code: 409, msg: '可提现收益不足' });
    expect(await balancesOf(user.id)).toEqual({ income: 50_000, cash: 500_000 });

    const unverified = await userWithBalance(t.app, 0);
    expect(await save({ ...alipay, amount: 20_000 }, unverified.token)).toMatchObject({ code: 409, msg: '请先完成实名认证再提现' });
    expect((await list(user.token)).data.total).toBe(0);
    await expectBooksBalanced();
  });

  it('take the income at request (fee shown), and never more than the withdrawable income under 20 concurrent requests', async () => {
    const user = await earner(100_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => save({ ...alipay, amount: 30_000 }, user.token)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === 409).every((answer) => answer.msg === '可提现收益不足')).toBe(true);
    expect(answers.find((answer) => answer.code === 200)!.data).toMatchObject({
      amount: 30_000,
      fee: 1_000,
      arrival: 29_000,
      statusName: '申请中',
    });
    expect(await balancesOf(user.id)).toMatchObject({ income: 10_000 });
    expect((await list(user.token)).data.total).toBe(3);
    await expectBooksBalanced();
  });

  it('may be cancelled by the user before review, giving the income back; nobody cancels another’s', async () => {
    const user = await earner(100_000);
    const other = await earner(0);
    const requested = await save({ ...alipay, amount: 100_000 }, user.token);
    expect(requested.data.fee).toBe(1_000);
    const cancel = (id: number, token: string) => call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/cancel', { id }, token);
    expect(await cancel(requested.data.id, other.token)).toMatchObject({ code: 404, msg: '提现记录不存在' });
    expect(await cancel(requested.data.id, user.token)).toMatchObject({ code: 200, data: { statusName: '已取消' } });
    expect(await cancel(requested.data.id, user.token)).toMatchObject({ code: 409 });
    expect(await balancesOf(user.id)).toMatchObject({ income: 100_000 });
    expect((await list(other.token)).data.total).toBe(0);
    await expectBooksBalanced();
  });

  it('are reviewed by operators only: rejected with a reason (income back, message), or approved and paid', async () => {
    const user = await earner(200_000);
    const first = (await save({ ...alipay, amount: 50_000 }, user.token)).data;
    const second = (
      await save(
        { amount: 100_000, payeeChannel: 'bank', payeeAccount: '6222020200001234567', payeeName: '张三', bankName: '工商银行' },
        user.token,
      )
    ).data;

    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/list', {}, user.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: first.id }, user.token)).toMatchObject({
      code: 403,
    });
    const pending = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/list', { status: 0 }, operator);
    expect(pending.data.list.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    expect(
      await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/reject', { id: first.id, reason: '' }, operator),
    ).toMatchObject({
      code: 422,
    });
    const rejected = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/account/extract/review/reject',
      { id: first.id, reason: '收款信息有误' },
      operator,
    );
    expect(rejected.data).toMatchObject({ statusName: '已驳回', reason: '收款信息有误' });
    expect(await balancesOf(user.id)).toMatchObject({ income: 100_000 });

    const approved = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: second.id }, operator);
    expect(approved).toMatchObject({ code: 200, msg: '已打款', data: { statusName: '已到账', arrival: 99_000 } });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: second.id }, operator)).toMatchObject({
      code: 409,
    });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: first.id }, operator)).toMatchObject({
      code: 409,
    });
    expect(await balancesOf(user.id)).toMatchObject({ income: 100_000 });

    const messages = (await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { pageSize: 10 }, user.token)).data.list;
    expect(messages.map((m: { title: string }) => m.title)).toEqual(expect.arrayContaining(['提现申请已驳回', '提现已到账']));
    await expectBooksBalanced();
  });

  it('whose payout fails end 已驳回 with the income given back and a message', async () => {
    const user = await earner(50_000);
    const requested = (await save({ ...alipay, amount: 50_000 }, user.token)).data;
    (t.app.payout as SandboxPayoutProvider).failNext('收款账户不存在');
    const failed = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: requested.id }, operator);
    expect(failed.data).toMatchObject({ statusName: '已驳回', reason: '打款失败：收款账户不存在' });
    expect(await balancesOf(user.id)).toMatchObject({ income: 50_000 });
    const messages = (await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { pageSize: 10 }, user.token)).data.list;
    expect(messages[0]).toMatchObject({ title: '提现打款失败' });
    await expectBooksBalanced();
  });

  it('left 打款中 by a server that died around the transfer are paid once and booked by the scheduler', async () => {
    const user = await earner(60_000);
    const requested = (await save({ ...alipay, amount: 60_000 }, user.token)).data;
    // What approval writes before the transfer, and the transfer itself: then the process is gone.
    await t.app.db
      .update(withdrawals)
      .set({ status: WithdrawalStatus.paying, reviewedAt: t.app.clock.now(), payoutProvider: t.app.payout.name })
      .where(eq(withdrawals.id, requested.id));
    const transferred = await t.app.payout.transfer({
      withdrawalId: requested.id,
      amount: 1,
      payee: { channel: 'alipay', account: '', name: '', bankName: '' },
    });
    expect(transferred.paid).toBe(true);
    const payoutEntries = () =>
      t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'withdrawal_payout'), eq(ledgerEntries.note, `提现 #${requested.id} 已打款`)));

    // An approval may still be under way: left alone for a while.
    expect((await runComputePass(t.app)).payoutsResumed).toBe(0);
    t.clock.advance(10 * 60_000);
    expect((await runComputePass(t.app)).payoutsResumed).toBe(1);
    expect((await runComputePass(t.app)).payoutsResumed).toBe(0);
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, requested.id));
    expect(row).toMatchObject({ status: WithdrawalStatus.paid, payoutRef: (transferred as { reference: string }).reference });
    expect(await payoutEntries()).toHaveLength(2);
    await expectBooksBalanced();
  });
});
