import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vouchers } from '../../../db/schema.js';
import { call } from '../../../test-support/test-app.js';
import type { TestApp } from '../../../test-support/test-app.js';
import {
  balanceOf,
  privateNode,
  settle,
  setUpComputeTestApp,
  userWithBalance,
  userWithRechargedCash,
} from '../../../test-support/compute-test-kit.js';
import { newOperator } from '../../../test-support/learning-test-kit.js';
import { checkLedger } from '../../../billing/index.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const hour = 3600 * second;
const dayPackage = 42_000;
const balancedBooks = { trialBalance: 0, unbalancedTransactions: [], mismatches: [] };
const spent = { code: 409, msg: '代金券已使用或已过期，请重新确认' };

const voucherCall = (path: string, body: object, token: string) => call(t.app, 'POST', `/apis/user/auth/voucher/${path}`, body, token);
const preview = (token: string, body: object) => call(t.app, 'POST', '/apis/user/auth/order/price/preview', body, token);
const pay = (token: string, body: object) => call(t.app, 'POST', '/apis/user/auth/order/info/pay', { imageId, ...body }, token);
const instancePath = (path: string) => `/apis/user/auth/user/instance/${path}`;

/** A batch issued by an operator, valid from a second ago for `validFor` ms. */
async function issue(batch: Partial<Record<string, unknown>> & { amount: number; count?: number }, validFor = 30 * 24 * hour) {
  const operator = await newOperator(t.app);
  const now = t.clock.now().getTime();
  const issued = await voucherCall(
    'batch/issue',
    {
      name: '新用户算力券',
      minSpend: 0,
      scope: 'compute',
      count: 1,
      validFrom: new Date(now - second).toISOString(),
      validUntil: new Date(now + validFor).toISOString(),
      ...batch,
    },
    operator.token,
  );
  expect(issued.code).toBe(200);
  return issued.data as { batch: { id: number; validUntil: string }; codes: string[] };
}

/** A user holding one redeemed voucher of `amount` (and `balance` of recharged cash). */
async function holder(amount: number, balance = 1_000_000, validFor?: number) {
  const user = await userWithRechargedCash(t.app, balance);
  const { codes } = await issue({ amount }, validFor);
  const redeemed = await voucherCall('redeem', { code: codes[0]!.toLowerCase() }, user.token);
  expect(redeemed).toMatchObject({ code: 200, data: { amount } });
  return { ...user, voucherId: redeemed.data.id as number };
}

async function dailyOrder() {
  const { node, model } = await privateNode(t.app.db, 60);
  return { regionCode: 'xb-1', nodeId: node.id, gpuModelId: model.id, gpuCount: 1, billingType: 2, duration: 1 };
}

const stateOf = async (token: string) =>
  Object.fromEntries(((await voucherCall('list', {}, token)).data as Array<{ id: number; state: string }>).map((v) => [v.id, v.state]));

describe('issuing and redeeming vouchers', () => {
  it('an operator issues one code per voucher; a user redeems one once, and a shared code up to its per-user limit', async () => {
    const user = await userWithBalance(t.app, 0);
    const other = await userWithBalance(t.app, 0);
    expect(await voucherCall('batch/issue', {}, user.token)).toMatchObject({ code: 422 });
    const now = t.clock.now().getTime();
    const body = {
      name: '券',
      amount: 5_000,
      minSpend: 0,
      scope: 'compute',
      count: 2,
      validFrom: new Date(now).toISOString(),
      validUntil: new Date(now + hour).toISOString(),
    };
    expect(await voucherCall('batch/issue', body, user.token)).toMatchObject({ code: 403, msg: '仅运营人员可以执行此操作' });

    const { codes } = await issue({ amount: 5_000, count: 3 });
    expect(new Set(codes).size).toBe(3);
    expect(await voucherCall('redeem', { code: codes[0] }, user.token)).toMatchObject({ code: 200, msg: '兑换成功' });
    expect(await voucherCall('redeem', { code: codes[0] }, other.token)).toMatchObject({ code: 409, msg: '该兑换码已被使用' });
    expect(await voucherCall('redeem', { code: 'NOSUCHCODE' }, other.token)).toMatchObject({
      code: 404,
      msg: '兑换码不存在，请检查后重新输入',
    });

    await issue({ amount: 2_000, count: 3, sharedCode: 'WELCOME32', perUserLimit: 2 });
    expect((await voucherCall('redeem', { code: 'welcome32' }, user.token)).code).toBe(200);
    expect((await voucherCall('redeem', { code: 'WELCOME32' }, user.token)).code).toBe(200);
    expect(await voucherCall('redeem', { code: 'WELCOME32' }, user.token)).toMatchObject({
      code: 409,
      msg: '该兑换码每人限领 2 张，你已领完',
    });
    expect((await voucherCall('redeem', { code: 'WELCOME32' }, other.token)).code).toBe(200);
    const third = await userWithBalance(t.app, 0);
    expect(await voucherCall('redeem', { code: 'WELCOME32' }, third.token)).toMatchObject({ code: 409, msg: '该代金券已被领完' });

    const mine = await voucherCall('list', { state: 'available' }, user.token);
    expect(mine.data.map((v: { amount: number }) => v.amount).sort()).toEqual([2_000, 2_000, 5_000]);
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });
});

describe('paying with a voucher', () => {
  it('the quote picks the best usable voucher, the user may choose another or none, and the pay takes only the cash part from the balance and the invoice', async () => {
    const user = await holder(10_000);
    const { codes } = await issue({ amount: 3_000 });
    const small = (await voucherCall('redeem', { code: codes[0] }, user.token)).data.id;
    const { codes: tooBig } = await issue({ amount: 20_000, minSpend: 100_000 });
    await voucherCall('redeem', { code: tooBig[0] }, user.token);
    const order = await dailyOrder();

    const best = await preview(user.token, order);
    expect(best.data).toMatchObject({
      amount: dayPackage,
      voucher: { id: user.voucherId, amount: 10_000 },
      balanceAfter: 1_000_000 - 32_000,
    });
    expect(best.data.vouchers.map((v: { id: number }) => v.id)).toEqual([user.voucherId, small]);
    expect((await preview(user.token, { ...order, voucherId: small })).data).toMatchObject({ voucher: { id: small, amount: 3_000 } });
    expect((await preview(user.token, { ...order, voucherId: 0 })).data).toMatchObject({
      voucher: null,
      balanceAfter: 1_000_000 - dayPackage,
    });

    const paid = await pay(user.token, { ...order, quoteToken: best.data.quoteToken });
    expect(paid.code).toBe(200);
    expect(await balanceOf(t.app, user.id)).toBe(best.data.balanceAfter);
    expect(await stateOf(user.token)).toMatchObject({ [user.voucherId]: 'used', [small]: 'available' });
    const bills = await call(t.app, 'POST', '/apis/user/auth/bill/list', { pageNum: 1, pageSize: 10 }, user.token);
    expect(JSON.stringify(bills.data)).toContain('代金券抵扣 ¥10.00');
    expect((await call(t.app, 'POST', '/apis/user/auth/invoice/amount', {}, user.token)).data).toMatchObject({
      cashConsumed: dayPackage - 10_000,
    });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('50 concurrent pays with one single-use voucher use it once and charge once', async () => {
    const user = await holder(10_000);
    const order = await dailyOrder();
    const quotes = [];
    for (let i = 0; i < 50; i++) quotes.push(await preview(user.token, order));
    expect(quotes.every((q) => q.data.voucher?.id === user.voucherId)).toBe(true);
    const answers = await Promise.all(quotes.map((q) => pay(user.token, { ...order, quoteToken: q.data.quoteToken })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === spent.code && a.msg === spent.msg)).toBe(true);
    expect(await balanceOf(t.app, user.id)).toBe(1_000_000 - (dayPackage - 10_000));
    const [row] = await t.app.db.select().from(vouchers).where(eq(vouchers.id, user.voucherId));
    expect(row).toMatchObject({ usedAmount: 10_000 });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('a voucher is usable until the instant before its end and not at it', async () => {
    const user = await holder(10_000, 1_000_000, 2 * hour);
    const order = await dailyOrder();
    t.clock.advance(2 * hour - 2);
    const last = await preview(user.token, order);
    expect(last.data.voucher).toMatchObject({ id: user.voucherId });
    t.clock.advance(1);
    expect(await stateOf(user.token)).toMatchObject({ [user.voucherId]: 'available' });
    const lastToken = (await preview(user.token, order)).data.quoteToken;
    t.clock.advance(1);
    expect(await stateOf(user.token)).toMatchObject({ [user.voucherId]: 'expired' });
    expect((await preview(user.token, order)).data).toMatchObject({ voucher: null, vouchers: [] });
    expect(await pay(user.token, { ...order, quoteToken: last.data.quoteToken })).toMatchObject(spent);
    expect(await pay(user.token, { ...order, quoteToken: lastToken })).toMatchObject(spent);
    expect(await balanceOf(t.app, user.id)).toBe(1_000_000);
  });
});

describe('refunds', () => {
  async function rentedWithVoucher(validFor?: number) {
    const order = await dailyOrder();
    const user = await holder(10_000, 1_000_000, validFor);
    const quoted = await preview(user.token, order);
    const paid = await pay(user.token, { ...order, quoteToken: quoted.data.quoteToken });
    expect(paid.code).toBe(200);
    await settle(t, 8 * second);
    return { user, id: paid.data.instance.id as number };
  }

  it('gives the voucher part back to the voucher while it is valid, the rest to the balance', async () => {
    const { user, id } = await rentedWithVoucher();
    t.clock.advance(6 * hour);
    const back = await call(t.app, 'POST', instancePath('quote'), { operation: 'changeBilling', id: id, billingType: 1 }, user.token);
    const refund = -back.data.amount;
    expect(back.data).toMatchObject({ voucherRefund: 10_000, balanceAfter: back.data.balance + refund - 10_000 });
    await call(t.app, 'POST', instancePath('change/billing'), { id: id, billingType: 1, quoteToken: back.data.quoteToken }, user.token);
    expect(await balanceOf(t.app, user.id)).toBe(back.data.balanceAfter);
    expect(await stateOf(user.token)).toMatchObject({ [user.voucherId]: 'available' });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('gives nothing for the voucher part once the voucher has expired', async () => {
    const { user, id } = await rentedWithVoucher(2 * hour);
    t.clock.advance(6 * hour);
    const back = await call(t.app, 'POST', instancePath('quote'), { operation: 'changeBilling', id, billingType: 1 }, user.token);
    const refund = -back.data.amount;
    expect(back.data).toMatchObject({ voucherRefund: 0, balanceAfter: back.data.balance + refund - 10_000 });
    await call(t.app, 'POST', instancePath('change/billing'), { id, billingType: 1, quoteToken: back.data.quoteToken }, user.token);
    expect(await balanceOf(t.app, user.id)).toBe(back.data.balanceAfter);
    expect(await stateOf(user.token)).toMatchObject({ [user.voucherId]: 'used' });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });
});
