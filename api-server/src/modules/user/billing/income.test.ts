import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, requestSmsCode, type TestApp } from '../../../test-support/test-app.js';
import { sysConfig, users } from '../../../db/schema.js';
import { awardReferralCommission } from '../../../billing/referral.js';
import { checkLedger } from '../../../billing/ledger.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { tokenFor, userWithBalance } from '../../../test-support/compute-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = 86_400_000;
const balancesOf = async (userId: number) => {
  const [row] = await t.app.db
    .select({ held: users.incomeHeld, income: users.incomeBalance, cash: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};
const expectBooksBalanced = async () =>
  expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });

/** The recharge settlement's call, as the coordinator will wire it: inside the settling transaction. */
const rechargeSettled = (referredUserId: number, rechargeAmount: number, source: string) =>
  t.app.db.transaction((tx) => awardReferralCommission(tx, { referredUserId, rechargeAmount, source, at: t.app.clock.now() }));

async function register(mobile: string, referralCode?: string) {
  const code = await requestSmsCode(t, mobile, 'register');
  return call(t.app, 'POST', '/apis/user/api/user/register', {
    mobile,
    code,
    password: 'Test@pass1',
    ...(referralCode ? { referralCode } : {}),
  });
}

let referrer: { id: number; token: string };
let referralCode: string;
let referredId: number;

describe('referral', () => {
  it('a visitor registers with a referrer’s code; unknown codes are refused', async () => {
    referrer = await userWithBalance(t.app, 0);
    const mine = await call(t.app, 'POST', '/apis/system/api/website/referral/code', {}, referrer.token);
    expect(mine.data.link).toMatch(/\/register\?referralCode=[A-Z2-9]{8}$/);
    referralCode = mine.data.referralCode;

    const checked = await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode });
    expect(checked).toMatchObject({ code: 200, data: { referralCode } });
    expect(await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode: 'NOSUCH22' })).toMatchObject({
      code: 422,
      msg: '推荐码无效',
    });
    expect(await register('13500000098', 'NOSUCH22')).toMatchObject({ code: 422, msg: '推荐码无效' });

    const registered = await register('13500000099', referralCode);
    expect(registered.code).toBe(200);
    referredId = registered.data.userInfo.id;
    const [row] = await t.app.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, referredId));
    expect(row!.referredBy).toBe(referrer.id);
  });

  it('a disabled programme refuses every code', async () => {
    await t.app.db.insert(sysConfig).values({ key: 'referralCommission', value: { enabled: false } });
    expect(await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode })).toMatchObject({ code: 422 });
    await t.app.db.delete(sysConfig).where(eq(sysConfig.key, 'referralCommission'));
    expect((await call(t.app, 'POST', '/apis/system/api/website/referral/code', { referralCode })).code).toBe(200);
  });

  it('earns 5 % of a referred recharge, rounded down to thousandths, held 7 days, once per source', async () => {
    expect(await rechargeSettled(referredId, 100_010, 'recharge:R1')).toBe(5_000);
    expect(await rechargeSettled(referredId, 100_010, 'recharge:R1')).toBe(0);
    expect(await balancesOf(referrer.id)).toMatchObject({ held: 5_000, income: 0, cash: 0 });

    const view = await call(t.app, 'POST', '/apis/user/auth/user/income/view', undefined, referrer.token);
    expect(view.data).toMatchObject({
      held: 5_000,
      withdrawable: 0,
      totalEarned: 5_000,
      bySource: [{ sourceKind: 'referral', name: '推荐返佣', amount: 5_000 }],
      referralCode,
      commissionPercent: 5,
      commissionMonths: 12,
      holdDays: 7,
    });
    expect(view.data.referralLink).toMatch(new RegExp(`/register\\?referralCode=${referralCode}$`));

    const referred = await call(t.app, 'POST', '/apis/user/auth/user/income/referred/list', {}, referrer.token);
    expect(referred.data).toMatchObject({ total: 1, list: [{ mobile: '135****0099', earned: 5_000 }] });
    await expectBooksBalanced();
  });

  it('releases held income to withdrawable income once 7 days have passed, by the scheduler pass', async () => {
    t.clock.advance(7 * day - 1000);
    await runMeteringPasses(t.app);
    expect(await balancesOf(referrer.id)).toMatchObject({ held: 5_000, income: 0 });
    t.clock.advance(1000);
    expect((await runMeteringPasses(t.app)).incomeReleased).toBe(1);
    expect(await balancesOf(referrer.id)).toMatchObject({ held: 0, income: 5_000, cash: 0 });
    expect((await runMeteringPasses(t.app)).incomeReleased).toBe(0);

    const token = await tokenFor(t.app, referrer.id);
    const lines = await call(t.app, 'POST', '/apis/user/auth/user/income/lines', {}, token);
    expect(lines.data).toMatchObject({ total: 1, list: [{ sourceName: '推荐返佣', baseAmount: 100_010, amount: 5_000, released: true }] });
    const overview = await call(t.app, 'POST', '/apis/user/auth/user/account/view', undefined, token);
    expect(overview.data).toMatchObject({ balance: 0, incomeBalance: 5_000, incomeHeld: 0 });
    await expectBooksBalanced();
  });

  it('earns nothing for users nobody referred, for tiny recharges, or after the configured months', async () => {
    const stranger = await userWithBalance(t.app, 0);
    expect(await rechargeSettled(stranger.id, 100_000, 'recharge:R2')).toBe(0);
    expect(await rechargeSettled(referredId, 19, 'recharge:R3')).toBe(0);
    t.clock.advance(366 * day);
    expect(await rechargeSettled(referredId, 100_000, 'recharge:R4')).toBe(0);
    expect(await balancesOf(referrer.id)).toMatchObject({ held: 0, income: 5_000 });
    await expectBooksBalanced();
  });

  it('shows nobody else’s referrals or income', async () => {
    const other = await userWithBalance(t.app, 0);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/income/referred/list', {}, other.token)).data).toMatchObject({ total: 0 });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/income/lines', {}, other.token)).data).toMatchObject({ total: 0 });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/income/view', undefined, other.token)).data).toMatchObject({
      held: 0,
      withdrawable: 0,
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/income/lines', { pageSize: 0 }, other.token)).code).toBe(422);
  });
});

describe('commission on a real recharge', () => {
  // The tests above moved the clock past the referral window; this one starts again from today.
  beforeAll(async () => {
    await t.close();
    t = await createTestApp();
  });

  it('is earned when the referred user pays at the cashier, once however often the payment is notified', async () => {
    const inviter = await userWithBalance(t.app, 0);
    const { data: invitation } = await call(t.app, 'POST', '/apis/system/api/website/referral/code', {}, inviter.token);
    const registered = await register('13500000097', invitation.referralCode);
    const invited = await tokenFor(t.app, registered.data.userInfo.id);
    const created = await call(
      t.app,
      'POST',
      '/apis/user/auth/recharge/create',
      { amount: 200_000, method: 'sandbox', idempotencyKey: 'referred-recharge-1' },
      invited,
    );
    const notification = new URLSearchParams((await t.app.payments.providers.sandbox.pay(created.data.paymentNo))!).toString();
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/apis/user/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: notification,
      });
    await Promise.all([deliver(), deliver(), deliver()]);
    await call(t.app, 'POST', '/apis/user/auth/recharge/view', { orderNo: created.data.orderNo }, invited);

    expect(await balancesOf(inviter.id)).toMatchObject({ held: 10_000, income: 0, cash: 0 });
    const lines = await call(t.app, 'POST', '/apis/user/auth/user/income/lines', {}, inviter.token);
    expect(lines.data).toMatchObject({ total: 1, list: [{ baseAmount: 200_000, amount: 10_000, released: false }] });
    await expectBooksBalanced();
  });
});
