import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { AlipayGatewayPeer } from '../../test-support/alipay-gateway-peer.js';
import { WechatpayGatewayPeer } from '../../test-support/wechatpay-gateway-peer.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { paymentNotifications, users } from '../../db/schema.js';
import { generateRsaKeyPair } from './sandbox-provider.js';
import { PaymentProviderError, chinaTime, yuanText, type RawNotification } from './provider.js';

/** How a test plays the provider's side of one implementation: the buyer paying, and notifications genuine or not. */
interface ProviderSide {
  pay(paymentNo: string): Promise<RawNotification>;
  /** Signed by a key that is not the provider's. */
  forged(paymentNo: string, amount: number): RawNotification;
  /** Genuine, then its amount changed on the way. */
  altered(paymentNo: string, amount: number): RawNotification;
  /** Genuinely signed by the provider, but for another merchant or app. */
  wrongMerchant(paymentNo: string, amount: number): RawNotification;
  /** Genuinely signed, for our order, with a different amount than the order's. */
  wrongAmount(paymentNo: string, amount: number): RawNotification;
}

let t: TestApp;
let token: string;
const alipay = new AlipayGatewayPeer();
const wechatpay = new WechatpayGatewayPeer();
const stranger = generateRsaKeyPair().privateKey;
const form = (fields: Record<string, string>): RawNotification => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const sides: Record<string, ProviderSide> = {
  sandbox: {
    pay: async (paymentNo) => form((await t.app.payments.providers.sandbox.pay(paymentNo))!),
    forged: (paymentNo, amount) => form(sandboxFields(paymentNo, amount, {}, stranger)),
    altered: (paymentNo, amount) => form({ ...sandboxFields(paymentNo, amount), total_amount: yuanText(amount * 10) }),
    wrongMerchant: (paymentNo, amount) => form(sandboxFields(paymentNo, amount, { app_id: 'another-merchant' })),
    wrongAmount: (paymentNo, amount) => form(sandboxFields(paymentNo, amount - 10)),
  },
  alipay: {
    pay: async (paymentNo) => alipay.pay(paymentNo, t.clock.now()),
    forged: (paymentNo, amount) => alipay.notification(alipayFields(paymentNo, amount), { signingKey: stranger }),
    altered: (paymentNo, amount) =>
      alipay.notification(alipayFields(paymentNo, amount), { after: { total_amount: yuanText(amount * 10) } }),
    wrongMerchant: (paymentNo, amount) => alipay.notification({ ...alipayFields(paymentNo, amount), app_id: '2021000000009999' }),
    wrongAmount: (paymentNo, amount) => alipay.notification(alipayFields(paymentNo, amount - 10)),
  },
  wechatpay: {
    pay: async (paymentNo) => wechatpay.pay(paymentNo, t.clock.now()),
    forged: (paymentNo, amount) => wechatpay.notification(wechatTransaction(paymentNo, amount), { signingKey: stranger }),
    altered: (paymentNo, amount) => {
      const genuine = wechatpay.notification(wechatTransaction(paymentNo, amount));
      return { headers: genuine.headers, body: wechatpay.notification(wechatTransaction(paymentNo, amount * 10)).body };
    },
    wrongMerchant: (paymentNo, amount) => wechatpay.notification({ ...wechatTransaction(paymentNo, amount), mchid: '1900009999' }),
    wrongAmount: (paymentNo, amount) => wechatpay.notification(wechatTransaction(paymentNo, amount - 10)),
  },
};

function sandboxFields(paymentNo: string, amount: number, extra: Record<string, string> = {}, key?: string) {
  const sandbox = t.app.payments.providers.sandbox;
  const fields = {
    out_trade_no: paymentNo,
    trade_no: `SB${paymentNo}`,
    total_amount: yuanText(amount),
    gmt_payment: chinaTime(t.clock.now()),
    ...extra,
  };
  return sandbox.signedNotification(fields, key);
}

function alipayFields(paymentNo: string, amount: number) {
  return { out_trade_no: paymentNo, trade_no: `2026${paymentNo}`, total_amount: yuanText(amount), gmt_payment: chinaTime(t.clock.now()) };
}

function wechatTransaction(paymentNo: string, amount: number) {
  return {
    appid: wechatpay.appId,
    mchid: wechatpay.mchId,
    out_trade_no: paymentNo,
    transaction_id: `4200${paymentNo}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: new Date().toISOString(),
    amount: { total: amount / 10, payer_total: amount / 10, currency: 'CNY' },
  };
}

beforeAll(async () => {
  await Promise.all([alipay.start(), wechatpay.start()]);
  t = await createTestApp({
    config: {
      payments: {
        sandbox: true,
        publicUrl: 'https://portal.example',
        alipay: alipay.settings,
        wechatpay: wechatpay.settings,
        unpaidTimeoutMs: 30 * 60_000,
        closeIntervalMs: 60_000,
      },
    },
  });
  token = await login(t.app, demoAccounts.organization, demoPassword);
});
afterAll(async () => {
  await t.close();
  await Promise.all([alipay.close(), wechatpay.close()]);
});

const balance = async () => (await t.app.db.select().from(users).where(eq(users.mobile, demoAccounts.organization)))[0]!.balance;
let keyNo = 0;
const createRecharge = async (method: string, amount: number) => {
  const answer = await call(
    t.app,
    'POST',
    '/apis/user/auth/recharge/create',
    { amount, method, idempotencyKey: `contract-${++keyNo}` },
    token,
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as { orderNo: string; paymentNo: string; payUrl: string | null; qrCodeSvg: string | null };
};
const deliver = (method: string, raw: RawNotification) =>
  t.app.inject({
    method: 'POST',
    url: `/apis/user/api/pay/notify/${method}`,
    headers: raw.headers as Record<string, string>,
    payload: raw.body,
  });
const view = (orderNo: string) => call(t.app, 'POST', '/apis/user/auth/recharge/view', { orderNo }, token);

// First in the file, before any sandbox payment signs with them.
it("makes the sandbox's signing keys on its first signature, not at every start (a 2048-bit RSA pair costs about 0.3 s)", async () => {
  const keyFile = path.join(t.dataDir, 'payments', 'sandbox-key.json');
  expect(fs.existsSync(keyFile)).toBe(false);
  await t.app.payments.providers.sandbox.pay((await createRecharge('sandbox', 1_000)).paymentNo);
  expect(fs.existsSync(keyFile)).toBe(true);
});

describe.each(['sandbox', 'alipay', 'wechatpay'])('PaymentProvider contract: %s', (method) => {
  const provider = () => t.app.payments.providers.byName.get(method)!;
  const side = () => sides[method]!;
  const accepted = () => provider().ack(true);
  const refused = () => provider().ack(false);

  it('is offered on the recharge screen', async () => {
    const options = await call(t.app, 'POST', '/apis/user/auth/recharge/options', {}, token);
    expect(options.data.methods.map((m: { code: string }) => m.code)).toEqual(['sandbox', 'alipay', 'wechatpay']);
  });

  it('create → the buyer pays → the notification verifies and credits once; query reports paid', async () => {
    const created = await createRecharge(method, 88_000);
    expect(Boolean(created.payUrl) || Boolean(created.qrCodeSvg)).toBe(true);
    if (method === 'wechatpay') expect(created.qrCodeSvg).toMatch(/^<svg/);
    expect(await provider().query(created.paymentNo)).toEqual({ state: 'unpaid' });

    const before = await balance();
    const notification = await side().pay(created.paymentNo);
    const verified = await provider().verifyNotification(notification);
    expect(verified).toMatchObject({ ok: true, notice: { paymentNo: created.paymentNo, amount: 88_000 } });

    for (let i = 0; i < 3; i++) {
      const answer = await deliver(method, notification);
      expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: accepted().status, body: accepted().body });
    }
    expect(await balance()).toBe(before + 88_000);
    const queried = await provider().query(created.paymentNo);
    expect(queried).toMatchObject({ state: 'paid', notice: { paymentNo: created.paymentNo, amount: 88_000 } });
    expect(queried.state === 'paid' && verified.ok && verified.notice && queried.notice.providerTradeNo).toBe(
      verified.ok && verified.notice?.providerTradeNo,
    );
    expect((await view(created.orderNo)).data).toMatchObject({ status: 1, statusName: '已支付' });
  });

  it('the return page settles a payment whose notification has not arrived (active query)', async () => {
    const created = await createRecharge(method, 12_340);
    const before = await balance();
    await side().pay(created.paymentNo);
    expect((await view(created.orderNo)).data).toMatchObject({ status: 1 });
    expect(await balance()).toBe(before + 12_340);
  });

  it('refuses forged, altered, wrong-merchant, wrong-amount and unknown-order notifications, logs them and credits nothing', async () => {
    const created = await createRecharge(method, 20_000);
    const before = await balance();
    const attempts = [
      side().forged(created.paymentNo, 20_000),
      side().altered(created.paymentNo, 20_000),
      side().wrongMerchant(created.paymentNo, 20_000),
      side().wrongAmount(created.paymentNo, 20_000),
      side().wrongAmount('20260101000000ffffffffff', 20_010),
    ];
    for (const raw of attempts) {
      const answer = await deliver(method, raw);
      expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: refused().status, body: refused().body });
    }
    expect(await balance()).toBe(before);
    expect((await view(created.orderNo)).data.status).toBe(0);
    const log = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.provider, method));
    expect(log.filter((entry) => entry.outcome === 'refused').length).toBeGreaterThanOrEqual(5);
  });

  it('close: a cancelled order is closed at the provider', async () => {
    const created = await createRecharge(method, 10_000);
    const cancelled = await call(t.app, 'POST', '/apis/user/auth/recharge/cancel', { orderNo: created.orderNo }, token);
    expect(cancelled.data).toMatchObject({ status: 2, statusName: '已取消' });
    expect(await provider().query(created.paymentNo)).toEqual({ state: 'closed' });
  });

  it('refund: part of a paid trade, never more than was paid', async () => {
    const created = await createRecharge(method, 30_000);
    await deliver(method, await side().pay(created.paymentNo));
    const refundNo = `R${created.paymentNo}`;
    const refund = { paymentNo: created.paymentNo, total: 30_000, reason: '测试退款' };
    expect(await provider().refund({ ...refund, refundNo, amount: 10_000 })).toEqual({ refundNo });
    await expect(provider().refund({ ...refund, refundNo: `${refundNo}2`, amount: 30_000 })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('WeChat Pay notification time', () => {
  it('refuses a genuine notification stamped more than 5 minutes before or after the server clock, and credits nothing', async () => {
    const created = await createRecharge('wechatpay', 15_000);
    const before = await balance();
    const minute = 60_000;
    const stampedAt = (offset: number) =>
      wechatpay.notification(wechatTransaction(created.paymentNo, 15_000), { at: new Date(t.clock.now().getTime() + offset) });
    const refused = t.app.payments.providers.byName.get('wechatpay')!.ack(false);
    for (const offset of [-6 * minute, 6 * minute, -24 * 60 * minute]) {
      const answer = await deliver('wechatpay', stampedAt(offset));
      expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: refused.status, body: refused.body });
    }
    expect(await balance()).toBe(before);
    const log = await t.app.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.reason, '通知时间戳与服务器时间相差超过5分钟'));
    expect(log).toHaveLength(3);

    const inTime = await deliver('wechatpay', stampedAt(-4 * minute));
    expect(inTime.statusCode).toBe(200);
    expect(await balance()).toBe(before + 15_000);
  });
});
