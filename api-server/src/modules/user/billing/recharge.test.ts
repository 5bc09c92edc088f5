import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';
import { paymentNotifications, payments, users } from '../../../db/schema.js';
import { closeExpiredRecharges } from '../../../billing/payments/recharge.js';
import { checkLedger } from '../../../billing/ledger.js';
import { generateRsaKeyPair } from '../../../billing/payments/sandbox-provider.js';
import { chinaTime, yuanText } from '../../../billing/payments/provider.js';
import { loadConfig } from '../../../config.js';

let t: TestApp;
let token: string;
let otherToken: string;
let key = 0;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, demoAccounts.user, demoPassword);
  otherToken = await login(t.app, demoAccounts.teacher, demoPassword);
});
afterAll(() => t.close());

const balanceOf = async (mobile: string) => (await t.app.db.select().from(users).where(eq(users.mobile, mobile)))[0]!.balance;
const create = (amount: number, as = token, method = 'sandbox', idempotencyKey = `test-key-${++key}`) =>
  call(t.app, 'POST', '/apis/user/auth/recharge/create', { amount, method, idempotencyKey }, as);
const view = (orderNo: string, as = token) => call(t.app, 'POST', '/apis/user/auth/recharge/view', { orderNo }, as);
const sandbox = () => t.app.payments.providers.sandbox;

/** What the sandbox posts to the notification endpoint once the buyer pays on its cashier page. */
async function paidNotification(paymentNo: string) {
  const fields = await sandbox().pay(paymentNo);
  return new URLSearchParams(fields!).toString();
}

const deliver = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apis/user/api/pay/notify/sandbox',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

describe('recharge through the sandbox cashier', () => {
  it('offers the bounds, presets and the enabled methods', async () => {
    const options = await call(t.app, 'POST', '/apis/user/auth/recharge/options', {}, token);
    expect(options.data).toMatchObject({
      minAmount: 1_000,
      maxAmount: 50_000_000,
      presets: [10_000, 50_000, 100_000, 500_000, 1_000_000],
      methods: [{ code: 'sandbox', name: '模拟支付（沙箱）' }],
      timeoutMinutes: 30,
    });
  });

  it('creates an unpaid order, the cashier confirms, the balance grows once and the order is paid', async () => {
    const before = await balanceOf(demoAccounts.user);
    const created = await create(100_000);
    expect(created).toMatchObject({ code: 200, data: { amount: 100_000, status: 0, statusName: '待支付', method: 'sandbox' } });
    expect(created.data.payUrl).toBe(`/apis/user/api/pay/sandbox/cashier/${created.data.paymentNo}`);

    const cashier = await t.app.inject({ method: 'GET', url: created.data.payUrl });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.body).toContain('¥100.00');
    expect(cashier.headers['content-security-policy']).toContain("default-src 'self'");

    const confirmed = await t.app.inject({ method: 'POST', url: `${created.data.payUrl}/confirm` });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/account/recharge?orderNo=${created.data.orderNo}`);
    expect(await balanceOf(demoAccounts.user)).toBe(before + 100_000);

    const back = await view(created.data.orderNo);
    expect(back.data).toMatchObject({ status: 1, statusName: '已支付', payUrl: null });
    expect(await balanceOf(demoAccounts.user)).toBe(before + 100_000);

    const again = await t.app.inject({ method: 'POST', url: `${created.data.payUrl}/confirm` });
    expect(again.statusCode).toBe(303);
    expect(await balanceOf(demoAccounts.user)).toBe(before + 100_000);
  });

  it('shows one order number end to end: the cashier, 充值记录, 我的订单 and 收支明细', async () => {
    const created = (await create(20_000)).data;
    const cashier = await t.app.inject({ method: 'GET', url: created.payUrl });
    expect(cashier.body).toContain(`<dt>商户订单号</dt><dd>${created.orderNo}</dd>`);
    await t.app.inject({ method: 'POST', url: `${created.payUrl}/confirm` });

    const listed = (await call(t.app, 'POST', '/apis/user/auth/recharge/list', {}, token)).data.list;
    expect(listed[0]).toMatchObject({ orderNo: created.orderNo, paymentNo: created.orderNo, status: 1 });
    const ordered = (await call(t.app, 'POST', '/apis/user/auth/order/list', { orderType: 5 }, token)).data.list;
    expect(ordered[0]).toMatchObject({ orderNo: created.orderNo, amount: 20_000, status: 1 });
    const [movement] = (await call(t.app, 'POST', '/apis/user/auth/bill/ledger/list', { kind: 'recharge' }, token)).data.list;
    expect(movement).toMatchObject({ amount: 20_000 });
    expect(movement.note).toContain(`订单号 ${created.orderNo}`);
  });

  it('a failed payment leaves the order unpaid; it can be continued and then cancelled, closing the trade', async () => {
    const created = await create(10_000);
    const failed = await t.app.inject({ method: 'POST', url: `${created.data.payUrl}/fail` });
    expect(failed.statusCode).toBe(303);
    expect((await view(created.data.orderNo)).data).toMatchObject({ status: 0, statusName: '待支付' });
    const continued = await call(t.app, 'POST', '/apis/user/auth/recharge/continue', { orderNo: created.data.orderNo }, token);
    expect(continued.data.payUrl).toBe(created.data.payUrl);
    const cancelled = await call(t.app, 'POST', '/apis/user/auth/recharge/cancel', { orderNo: created.data.orderNo }, token);
    expect(cancelled).toMatchObject({ code: 200, data: { status: 2, statusName: '已取消', payUrl: null } });
    expect((await sandbox().trade(created.data.paymentNo))!.status).toBe('TRADE_CLOSED');
    expect(await call(t.app, 'POST', '/apis/user/auth/recharge/continue', { orderNo: created.data.orderNo }, token)).toMatchObject({
      code: 409,
      msg: '订单已关闭，请重新发起充值',
    });
  });

  it('replaying an idempotency key returns the first order', async () => {
    const first = await create(20_000, token, 'sandbox', 'replayed-key-1');
    const second = await create(30_000, token, 'sandbox', 'replayed-key-1');
    expect(second.data.orderNo).toBe(first.data.orderNo);
    expect(second.data.amount).toBe(20_000);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => create(40_000, token, 'sandbox', 'replayed-key-2')));
    expect(new Set(parallel.map((answer) => answer.data.orderNo)).size).toBe(1);
  });

  it('refuses amounts out of bounds, fractions of a fen and unknown methods', async () => {
    expect(await create(999)).toMatchObject({ code: 422, msg: '充值金额须在 ¥1.00 至 ¥50000.00 之间' });
    expect(await create(50_000_010)).toMatchObject({ code: 422, msg: '充值金额须在 ¥1.00 至 ¥50000.00 之间' });
    expect(await create(1_005)).toMatchObject({ code: 422, msg: '充值金额最小单位为分' });
    expect(await create(10_000, token, 'alipay')).toMatchObject({ code: 409, msg: '该支付方式暂未开通，请选择其他支付方式' });
    expect((await create(-5)).code).toBe(422);
  });

  it("refuses other users' order numbers in every call", async () => {
    const mine = await create(10_000);
    for (const path of ['view', 'continue', 'cancel']) {
      expect(await call(t.app, 'POST', `/apis/user/auth/recharge/${path}`, { orderNo: mine.data.orderNo }, otherToken)).toMatchObject({
        code: 404,
        msg: '充值订单不存在',
      });
    }
    const theirs = await call(t.app, 'POST', '/apis/user/auth/recharge/list', { pageSize: 100 }, otherToken);
    expect(theirs.data.list.map((item: { orderNo: string }) => item.orderNo)).not.toContain(mine.data.orderNo);
    const list = await call(t.app, 'POST', '/apis/user/auth/recharge/list', { pageSize: 100 }, token);
    expect(list.data.list.map((item: { orderNo: string }) => item.orderNo)).toContain(mine.data.orderNo);
  });
});

describe('notifications', () => {
  it('the same notification 100 times in parallel and 100 times in sequence credits once', async () => {
    const before = await balanceOf(demoAccounts.user);
    const created = await create(50_000);
    const body = await paidNotification(created.data.paymentNo);
    const parallel = await Promise.all(Array.from({ length: 100 }, () => deliver(body)));
    expect(parallel.every((answer) => answer.body === 'success')).toBe(true);
    for (let i = 0; i < 100; i++) expect((await deliver(body)).body).toBe('success');
    expect(await balanceOf(demoAccounts.user)).toBe(before + 50_000);
    const log = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, created.data.paymentNo));
    expect(log.filter((entry) => entry.outcome === 'settled')).toHaveLength(1);
    expect(log.filter((entry) => entry.outcome === 'replayed')).toHaveLength(199);
  });

  it('the return page (active query) and the notification racing credit once', async () => {
    const before = await balanceOf(demoAccounts.user);
    const created = await create(70_000);
    const body = await paidNotification(created.data.paymentNo);
    await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(body)),
      ...Array.from({ length: 20 }, () => view(created.data.orderNo)),
    ]);
    expect(await balanceOf(demoAccounts.user)).toBe(before + 70_000);
    expect((await view(created.data.orderNo)).data.status).toBe(1);
  });

  it('refuses and logs forged, altered, wrong-merchant and unknown-order notifications, crediting nothing', async () => {
    const before = await balanceOf(demoAccounts.user);
    const created = await create(30_000);
    const paymentNo = created.data.paymentNo;
    const trade = (await sandbox().trade(paymentNo))!;
    const genuine = {
      out_trade_no: paymentNo,
      trade_no: trade.tradeNo,
      total_amount: yuanText(30_000),
      gmt_payment: chinaTime(t.clock.now()),
    };
    const forged = sandbox().signedNotification(genuine, generateRsaKeyPair().privateKey);
    const altered = { ...sandbox().signedNotification(genuine), total_amount: '3000.00' };
    const wrongAmount = sandbox().signedNotification({ ...genuine, total_amount: '0.01' });
    const unknown = sandbox().signedNotification({ ...genuine, out_trade_no: '20260101000000abcdef0123' });
    const wrongMerchant = { ...genuine, app_id: 'someone-else' };
    const signedForOther = sandbox().signedNotification(wrongMerchant);
    for (const fields of [forged, altered, wrongAmount, unknown, signedForOther]) {
      expect((await deliver(new URLSearchParams(fields).toString())).body).toBe('fail');
    }
    expect((await deliver('not a notification')).body).toBe('fail');
    expect(await balanceOf(demoAccounts.user)).toBe(before);
    const reasons = (await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.outcome, 'refused'))).map(
      (entry) => entry.reason,
    );
    expect(reasons).toEqual(
      expect.arrayContaining(['签名验证失败', '支付单不存在', '商户号不符：someone-else', expect.stringMatching(/^金额不符/)]),
    );
    expect((await view(created.data.orderNo)).data.status).toBe(0);
  });

  it('unpaid recharges close after 30 minutes; a payment arriving later is credited and flagged for review', async () => {
    const before = await balanceOf(demoAccounts.user);
    const created = await create(10_000);
    t.clock.advance(29 * 60_000);
    expect(await closeExpiredRecharges(t.app.payments)).toBe(0);
    t.clock.advance(60_000);
    expect(await closeExpiredRecharges(t.app.payments)).toBeGreaterThanOrEqual(1);
    expect((await view(created.data.orderNo)).data).toMatchObject({ status: 4, statusName: '已关闭', payUrl: null });

    // The buyer had the cashier open and paid anyway: the provider's notification still arrives.
    const trade = (await sandbox().trade(created.data.paymentNo))!;
    const late = sandbox().signedNotification({
      out_trade_no: created.data.paymentNo,
      trade_no: trade.tradeNo,
      total_amount: '10.00',
      gmt_payment: chinaTime(t.clock.now()),
    });
    expect((await deliver(new URLSearchParams(late).toString())).body).toBe('success');
    expect(await balanceOf(demoAccounts.user)).toBe(before + 10_000);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.paymentNo, created.data.paymentNo));
    expect(payment).toMatchObject({ status: 'paid', flaggedForReview: true });
    expect((await view(created.data.orderNo)).data.status).toBe(1);

    const operator = await login(t.app, demoAccounts.operator, demoPassword);
    expect(await call(t.app, 'POST', '/apis/user/auth/recharge/review/list', {}, token)).toMatchObject({ code: 403 });
    const flagged = await call(t.app, 'POST', '/apis/user/auth/recharge/review/list', {}, operator);
    expect(flagged.data.list).toEqual([
      expect.objectContaining({ paymentNo: created.data.paymentNo, orderNo: created.data.orderNo, amount: 10_000, reviewedAt: null }),
    ]);
    const check = (as: string) => call(t.app, 'POST', '/apis/user/auth/recharge/review/check', { paymentNo: created.data.paymentNo }, as);
    expect(await check(token)).toMatchObject({ code: 403 });
    expect(await check(operator)).toMatchObject({ code: 200, msg: '已核对' });
    expect(await check(operator)).toMatchObject({ code: 409, msg: '该充值已核对' });
    expect((await call(t.app, 'POST', '/apis/user/auth/recharge/review/list', {}, operator)).data.total).toBe(0);
  });

  it('leaves the ledger balanced: trial balance zero, cached balances equal to their entries', async () => {
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });
});

describe('a site that takes real money', () => {
  /** A second server whose payment settings come from these environment variables, as `npm start` reads them. */
  const siteWith = (env: Record<string, string>) => createTestApp({ config: { payments: loadConfig(env).payments } });
  const offered = async (site: TestApp) => {
    const user = await login(site.app, demoAccounts.user, demoPassword);
    return (await call(site.app, 'POST', '/apis/user/auth/recharge/options', {}, user)).data.methods;
  };

  // Builds a second server with its demo data, so it gets a hook's time.
  it('offers Alipay and WeChat Pay once their keys are set, and then never the sandbox, demo site or not', async () => {
    const keys = generateRsaKeyPair();
    const site = await siteWith({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: keys.privateKey,
      ALIPAY_PUBLIC_KEY: keys.publicKey,
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wx0000000000000001',
      WECHATPAY_SERIAL_NO: 'SERIAL01',
      WECHATPAY_PRIVATE_KEY: keys.privateKey,
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PLATFORM_PUBLIC_KEY: keys.publicKey,
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
    });
    try {
      expect(await offered(site)).toEqual([
        { code: 'alipay', name: '支付宝' },
        { code: 'wechatpay', name: '微信支付' },
      ]);
      const cashier = await site.app.inject({ method: 'GET', url: '/apis/user/api/pay/sandbox/cashier/0a1b2c' });
      expect(cashier.json()).toMatchObject({ code: 404 });
    } finally {
      await site.close();
    }
  }, 60_000);

  it('offers the sandbox on a demo site without provider keys, and only there', async () => {
    expect(loadConfig({}).payments.sandbox).toBe(true);
    expect(await offered(t)).toEqual([{ code: 'sandbox', name: '模拟支付（沙箱）' }]);
  });

  it('turns the sandbox off: not offered, no cashier, its notifications refused', async () => {
    const site = await siteWith({ SEED_DEMO_DATA: 'false' });
    try {
      const user = await login(site.app, demoAccounts.user, demoPassword);
      const options = await call(site.app, 'POST', '/apis/user/auth/recharge/options', {}, user);
      expect(options.data.methods).toEqual([]);
      const created = await call(
        site.app,
        'POST',
        '/apis/user/auth/recharge/create',
        { amount: 10_000, method: 'sandbox', idempotencyKey: 'no-sandbox-1' },
        user,
      );
      expect(created.code).not.toBe(200);
      const cashier = await site.app.inject({ method: 'GET', url: '/apis/user/api/pay/sandbox/cashier/0a1b2c' });
      expect(cashier.json()).toMatchObject({ code: 404 });
      const notified = await site.app.inject({
        method: 'POST',
        url: '/apis/user/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'out_trade_no=0a1b2c&total_amount=10.00',
      });
      expect(notified.body).not.toBe('success');
    } finally {
      await site.close();
    }
  }, 60_000);
});
