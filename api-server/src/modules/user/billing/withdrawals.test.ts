import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../../../test-support/test-app.js';
import { ledgerEntries, users, withdrawals } from '../../../db/schema.js';
import { requestWithdrawal, WithdrawalStatus } from '../../../billing/withdrawals.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { checkLedger } from '../../../billing/ledger.js';
import { userWithBalance } from '../../../test-support/compute-test-kit.js';
import { demoOperatorMobile } from '../../../seed/operator.js';
import { demoPassword } from '../../../seed/demo-data.js';
import type { SandboxPayoutProvider } from '../../../billing/payouts/sandbox-payout-provider.js';
import { defaultRateLimits } from '../../../config.js';
import { matchSmsCode } from '../../../accounts/sms-codes.js';
import { earner, ownSmsCode, savedPayeeAccount, withdrawWithCode } from '../../../test-support/withdrawal-test-kit.js';
let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({
    // Codes live 30 minutes here so that one test can hold 20 of them a minute apart; a file sends more than 20 an hour.
    config: { smsCodeTtlMs: 30 * 60_000, rateLimits: { ...defaultRateLimits, sendCodePerIp: { max: 1_000, windowMs: 60 * 60_000 } } },
  });
  operator = await login(t.app, demoOperatorMobile, demoPassword);
});
afterAll(() => t.close());

const save = (body: object, token: string) => call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/save', body, token);
const list = (token: string) => call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/list', {}, token);
const payee = (action: 'list' | 'save' | 'update' | 'delete', body: object, token: string) =>
  call(t.app, 'POST', `/apis/user/auth/user/account/payee/${action}`, body, token);
const balancesOf = async (userId: number) => {
  const [row] = await t.app.db
    .select({ income: users.incomeBalance, held: users.incomeHeld, cash: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};
const expectBooksBalanced = async () =>
  expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
/** A code that is not `code` (so a "wrong code" is wrong whatever the server drew). */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const codeRefused = { code: 422, msg: '验证码错误或已过期' };
const unverifiedUser = async () => {
  const user = await userWithBalance(t.app, 0);
  const [row] = await t.app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id));
  return { ...user, mobile: row!.mobile };
};

describe('payee accounts (卡信息)', () => {
  it('are added only with a payee code sent to the bound mobile, listed masked, changed with a new code and removed', async () => {
    const user = await earner(t, 0);
    expect(await payee('save', { channel: 'alipay', account: 'zhangsan@example.com' }, user.token)).toMatchObject({ code: 422 });
    const withdrawCode = await ownSmsCode(t, user, 'withdraw');
    expect(await payee('save', { channel: 'alipay', account: 'zhangsan@example.com', code: withdrawCode }, user.token)).toMatchObject(
      codeRefused,
    );
    const code = await ownSmsCode(t, user, 'payee');
    expect(await payee('save', { channel: 'alipay', account: 'zhangsan@example.com', code: otherThan(code) }, user.token)).toMatchObject(
      codeRefused,
    );
    // Refused input leaves the code usable.
    expect(await payee('save', { channel: 'bank', account: '6222020200001234567', code }, user.token)).toMatchObject({
      code: 422,
      msg: '请填写开户银行',
    });
    expect(await payee('save', { channel: 'alipay', account: 'not an account', code }, user.token)).toMatchObject({
      code: 422,
      msg: '支付宝账号应为手机号或邮箱',
    });
    const card = await payee('save', { channel: 'bank', account: '6222 0202 0000 1234 567', bankName: '工商银行', code }, user.token);
    expect(card).toMatchObject({
      code: 200,
      data: { channel: 'bank', accountMasked: '**** **** **** 4567', payeeName: '张三', bankName: '工商银行' },
    });
    expect(await payee('save', { channel: 'alipay', account: 'zhangsan@example.com', code }, user.token)).toMatchObject(codeRefused);

    const alipayId = await savedPayeeAccount(t, user, { channel: 'alipay', account: '13912345678' });
    const again = await ownSmsCode(t, user, 'payee');
    expect(await payee('save', { channel: 'alipay', account: '13912345678', code: again }, user.token)).toMatchObject({
      code: 409,
      msg: '该收款账户已保存',
    });
    const listed = await payee('list', {}, user.token);
    expect(listed.data.list).toMatchObject([
      { id: card.data.id, accountMasked: '**** **** **** 4567' },
      { id: alipayId, channel: 'alipay', accountMasked: '139****5678', payeeName: '张三' },
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/6222020200001234567|13912345678/);

    const change = { id: alipayId, channel: 'alipay', account: 'zhangsan@example.com' };
    expect(await payee('update', { ...change, code: again }, user.token)).toMatchObject({
      code: 200,
      data: { id: alipayId, accountMasked: 'zh***@example.com' },
    });
    expect(await payee('update', { ...change, account: 'lisi@example.com', code: again }, user.token)).toMatchObject(codeRefused);

    const other = await earner(t, 0);
    const othersCode = await ownSmsCode(t, other, 'payee');
    expect(await payee('update', { ...change, code: othersCode }, other.token)).toMatchObject({ code: 404, msg: '收款账户不存在' });
    expect(await payee('delete', { id: alipayId }, other.token)).toMatchObject({ code: 404 });
    expect((await payee('list', {}, other.token)).data.list).toEqual([]);
    expect(await payee('delete', { id: alipayId }, user.token)).toMatchObject({ code: 200 });
    expect((await payee('list', {}, user.token)).data.list).toMatchObject([{ id: card.data.id }]);

    const unverified = await unverifiedUser();
    const unverifiedCode = await ownSmsCode(t, unverified, 'payee');
    expect(await payee('save', { ...change, code: unverifiedCode }, unverified.token)).toMatchObject({
      code: 409,
      msg: '请先完成实名认证再提现',
    });
  });

  it('refuse an expired payee code, to add an account and to change one', async () => {
    const user = await earner(t, 0);
    const expired = await ownSmsCode(t, user, 'payee');
    t.clock.advance(t.app.config.smsCodeTtlMs);
    expect(await payee('save', { channel: 'alipay', account: 'wangwu@example.com', code: expired }, user.token)).toMatchObject(codeRefused);

    const alipayId = await savedPayeeAccount(t, user, { channel: 'alipay', account: '13912345679' });
    const stale = await ownSmsCode(t, user, 'payee');
    t.clock.advance(t.app.config.smsCodeTtlMs);
    const change = { id: alipayId, channel: 'alipay', account: 'wangwu@example.com' };
    expect(await payee('update', { ...change, code: stale }, user.token)).toMatchObject(codeRefused);
    expect((await payee('list', {}, user.token)).data.list).toMatchObject([{ id: alipayId, accountMasked: '139****5679' }]);
  });

  it('send their codes to the signed-in account’s own mobile only, one a minute for each purpose, saying what they are for', async () => {
    const user = await earner(t, 0);
    await ownSmsCode(t, user, 'withdraw');
    const outbox = fs.readFileSync(path.join(t.dataDir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
    expect(JSON.parse(outbox.at(-1)!)).toMatchObject({
      mobile: user.mobile,
      type: 'withdraw',
      text: expect.stringContaining('您正在申请提现'),
    });
    const send = (type: string) => call(t.app, 'POST', '/apis/user/auth/user/send/code', { type }, user.token);
    expect(await send('withdraw')).toMatchObject({ code: 429, msg: '验证码发送过于频繁，请60秒后再试' });
    expect(await send('payee')).toMatchObject({ code: 200 });
    expect(await send('payee')).toMatchObject({ code: 429 });
    expect(await call(t.app, 'POST', '/apis/user/api/user/send/code', { type: 'login', mobile: user.mobile })).toMatchObject({ code: 200 });
    expect(await call(t.app, 'POST', '/apis/user/api/user/send/code', { type: 'reset', mobile: user.mobile })).toMatchObject({ code: 429 });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/send/code', { type: 'withdraw', mobile: '13800000001' })).toMatchObject({
      code: 401,
    });
    expect(await call(t.app, 'POST', '/apis/user/api/user/send/code', { type: 'withdraw', mobile: user.mobile })).toMatchObject({
      code: 422,
    });
  });
});

describe('withdrawals', () => {
  it('show the rules and the withdrawable income', async () => {
    const user = await earner(t, 200_000, 50_000);
    const options = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/options', undefined, user.token);
    expect(options.data).toMatchObject({ withdrawable: 200_000, minAmount: 10_000, feeBasisPoints: 60, minFee: 1_000, realName: '张三' });
  });

  it('refuse bad amounts, unverified users, another’s payee account, and more than the withdrawable income (never recharged cash)', async () => {
    const user = await earner(t, 50_000, 500_000);
    const account = await savedPayeeAccount(t, user);
    const code = await ownSmsCode(t, user, 'withdraw');
    const withdraw = (amount: number, payeeAccountId = account) => save({ amount, payeeAccountId, code }, user.token);
    expect(await withdraw(9_990)).toMatchObject({ code: 422, msg: '单笔提现金额不能低于 ¥10.00' });
    expect(await withdraw(20_005)).toMatchObject({ code: 422, msg: '提现金额须精确到分' });
    expect(await withdraw(-1)).toMatchObject({ code: 422 });
    const other = await earner(t, 0);
    expect(await withdraw(20_000, await savedPayeeAccount(t, other))).toMatchObject({ code: 404, msg: '收款账户不存在' });
    expect(await withdraw(60_000)).toMatchObject({ code: 409, msg: '可提现收益不足' });
    expect(await balancesOf(user.id)).toMatchObject({ income: 50_000, cash: 500_000 });
    // None of these spent the code.
    expect(await withdraw(20_000)).toMatchObject({ code: 200, data: { amount: 20_000, payeeAccount: 'zh***@example.com' } });

    const unverified = await unverifiedUser();
    const unverifiedCode = await ownSmsCode(t, unverified, 'withdraw');
    expect(await save({ amount: 20_000, payeeAccountId: account, code: unverifiedCode }, unverified.token)).toMatchObject({
      code: 409,
      msg: '请先完成实名认证再提现',
    });
    await expectBooksBalanced();
  });

  it('need a withdraw code: none, a wrong one, one for another purpose, an expired one and a reused one are refused', async () => {
    const user = await earner(t, 100_000);
    const account = await savedPayeeAccount(t, user);
    const withdraw = (code?: string) => save({ amount: 30_000, payeeAccountId: account, code }, user.token);

    expect(await withdraw()).toMatchObject({ code: 422 });
    expect(await withdraw(await ownSmsCode(t, user, 'payee'))).toMatchObject(codeRefused);
    const code = await ownSmsCode(t, user, 'withdraw');
    expect(await withdraw(otherThan(code))).toMatchObject(codeRefused);
    t.clock.advance(t.app.config.smsCodeTtlMs);
    expect(await withdraw(code)).toMatchObject(codeRefused);

    const fresh = await ownSmsCode(t, user, 'withdraw');
    expect(await withdraw(fresh)).toMatchObject({ code: 200, data: { statusName: '申请中' } });
    expect(await withdraw(fresh)).toMatchObject(codeRefused);

    expect((await list(user.token)).data.total).toBe(1);
    expect(await balancesOf(user.id)).toMatchObject({ income: 70_000 });
    await expectBooksBalanced();
  });

  it('stop taking guesses at a code after 5 wrong ones', async () => {
    const user = await earner(t, 100_000);
    const account = await savedPayeeAccount(t, user);
    const code = await ownSmsCode(t, user, 'withdraw');
    for (let guess = 0; guess < 5; guess++)
      expect(await save({ amount: 30_000, payeeAccountId: account, code: otherThan(code) }, user.token)).toMatchObject(codeRefused);
    expect(await save({ amount: 30_000, payeeAccountId: account, code }, user.token)).toMatchObject({
      code: 422,
      msg: '验证码错误次数过多，请重新获取',
    });
    expect(await balancesOf(user.id)).toMatchObject({ income: 100_000 });
  });

  it('book and pay out at most one of 20 concurrent requests with one code, and the income, holds and books stay right', async () => {
    const user = await earner(t, 100_000, 20_000);
    const account = await savedPayeeAccount(t, user);
    const before = await balancesOf(user.id);
    const code = await ownSmsCode(t, user, 'withdraw');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => save({ amount: 30_000, payeeAccountId: account, code }, user.token)),
    );
    const booked = answers.filter((answer) => answer.code === 200);
    expect(booked).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== 200)).toEqual(Array.from({ length: 19 }, () => expect.objectContaining(codeRefused)));
    expect(await balancesOf(user.id)).toEqual({ ...before, income: 70_000 });

    const pending = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/list', { status: 0, pageSize: 100 }, operator);
    expect(pending.data.list.map((row: { id: number }) => row.id)).toContain(booked[0]!.data.id);
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: booked[0]!.data.id }, operator),
      ),
    );
    expect(approvals.filter((answer) => answer.code === 200)).toHaveLength(1);
    const payouts = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'withdrawal_payout'), eq(ledgerEntries.note, `提现 #${booked[0]!.data.id} 已打款`)));
    expect(payouts).toHaveLength(2);
    expect((await list(user.token)).data).toMatchObject({ total: 1, list: [{ statusName: '已到账', arrival: 29_000 }] });
    expect(await balancesOf(user.id)).toEqual({ ...before, income: 70_000 });
    await expectBooksBalanced();
  });

  it('never take more than the withdrawable income when 20 requests, each with its own code, race', async () => {
    const user = await earner(t, 100_000);
    const account = await savedPayeeAccount(t, user);
    // The route accepts only a number's newest code, so the 20 codes are matched one by one as they arrive.
    const codes = [];
    for (let k = 0; k < 20; k++) codes.push(await matchSmsCode(t.app, user.mobile, 'withdraw', await ownSmsCode(t, user, 'withdraw')));
    const outcomes = await Promise.allSettled(
      codes.map((code) => requestWithdrawal(t.app.db, user.id, 30_000, account, code, t.clock.now())),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled' || (outcome.reason as Error).message === '可提现收益不足')).toBe(
      true,
    );
    expect(await balancesOf(user.id)).toMatchObject({ income: 10_000 });
    const requested = (await list(user.token)).data;
    expect(requested.total).toBe(3);
    expect(requested.list.map((row: { amount: number; fee: number }) => [row.amount, row.fee])).toEqual(Array(3).fill([30_000, 1_000]));
    await expectBooksBalanced();
  });

  it('may be cancelled by the user before review, giving the income back; nobody cancels another’s', async () => {
    const user = await earner(t, 100_000);
    const other = await earner(t, 0);
    const requested = await withdrawWithCode(t, user, 100_000);
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
    const user = await earner(t, 200_000);
    const first = (await withdrawWithCode(t, user, 50_000)).data;
    const card = await savedPayeeAccount(t, user, { channel: 'bank', account: '6222020200001234567', bankName: '工商银行' });
    const second = (await withdrawWithCode(t, user, 100_000, card)).data;
    expect(second.payeeAccount).toBe('**** **** **** 4567');

    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/list', {}, user.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: first.id }, user.token)).toMatchObject({
      code: 403,
    });
    const pending = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/list', { status: 0 }, operator);
    expect(pending.data.list.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(pending.data.list.find((row: { id: number }) => row.id === second.id)).toMatchObject({ payeeAccount: '6222020200001234567' });

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
    const user = await earner(t, 50_000);
    const requested = (await withdrawWithCode(t, user, 50_000)).data;
    (t.app.payout as SandboxPayoutProvider).failNext('收款账户不存在');
    const failed = await call(t.app, 'POST', '/apis/user/auth/user/account/extract/review/approve', { id: requested.id }, operator);
    expect(failed.data).toMatchObject({ statusName: '已驳回', reason: '打款失败：收款账户不存在' });
    expect(await balancesOf(user.id)).toMatchObject({ income: 50_000 });
    const messages = (await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { pageSize: 10 }, user.token)).data.list;
    expect(messages[0]).toMatchObject({ title: '提现打款失败' });
    await expectBooksBalanced();
  });

  it('left 打款中 by a server that died around the transfer are paid once and booked by the scheduler', async () => {
    const user = await earner(t, 60_000);
    const requested = (await withdrawWithCode(t, user, 60_000)).data;
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
    expect((await runMeteringPasses(t.app)).payoutsResumed).toBe(0);
    t.clock.advance(10 * 60_000);
    expect((await runMeteringPasses(t.app)).payoutsResumed).toBe(1);
    expect((await runMeteringPasses(t.app)).payoutsResumed).toBe(0);
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, requested.id));
    expect(row).toMatchObject({ status: WithdrawalStatus.paid, payoutRef: (transferred as { reference: string }).reference });
    expect(await payoutEntries()).toHaveLength(2);
    await expectBooksBalanced();
  });
});
