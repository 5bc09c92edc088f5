import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VoucherScope } from '@rc/api-contract/user/voucher';
import { vouchers } from '../../../db/schema.js';
import { call } from '../../../test-support/test-app.js';
import type { TestApp } from '../../../test-support/test-app.js';
import { balanceOf, setUpComputeTestApp, userWithBalance, userWithRechargedCash } from '../../../test-support/compute-test-kit.js';
import { courseFixture, newOperator, newTeacher } from '../../../test-support/learning-test-kit.js';
import { checkLedger } from '../../../billing/index.js';

let t: TestApp;
setUpComputeTestApp((compute) => ({ t } = compute));

const hour = 3600 * 1000;
const balancedBooks = { trialBalance: 0, unbalancedTransactions: [], mismatches: [] };
const spent = { code: 409, msg: '代金券已使用或已过期，请重新确认' };
const notForThisOrder = { code: 422, msg: '该代金券不能用于本订单' };
const startBalance = 10_000_000;

interface Buyer {
  id: number;
  token: string;
}

const post = (path: string, body: object, token: string) => call(t.app, 'POST', path, body, token);

/** One voucher of `scope` redeemed by `user`: its id. */
async function give(user: Buyer, v: { scope: VoucherScope; amount: number; minSpend?: number }) {
  const operator = await newOperator(t.app);
  const now = t.clock.now().getTime();
  const issued = await post(
    '/apis/user/auth/voucher/batch/issue',
    {
      name: `${v.scope}券`,
      amount: v.amount,
      minSpend: v.minSpend ?? 0,
      scope: v.scope,
      count: 1,
      validFrom: new Date(now - 1000).toISOString(),
      validUntil: new Date(now + 30 * 24 * hour).toISOString(),
    },
    operator.token,
  );
  expect(issued.code).toBe(200);
  const redeemed = await post('/apis/user/auth/voucher/redeem', { code: issued.data.codes[0] }, user.token);
  expect(redeemed.code).toBe(200);
  return redeemed.data.id as number;
}

/** A user holding `startBalance` of recharged cash. */
const buyer = (): Promise<Buyer> => userWithRechargedCash(t.app, startBalance);

/** A user with cash and one voucher of every scope but `scope` (each worth more than any order here, no minimum spend). */
async function buyerWithForeignVouchers(scope: VoucherScope) {
  const user = await buyer();
  const others = (['compute', 'storage', 'hpc', 'course'] as const).filter((s) => s !== scope);
  const foreign = [];
  for (const other of others) foreign.push(await give(user, { scope: other, amount: 5_000 }));
  return { ...user, foreign };
}

/**
 * One order kind that takes vouchers of its scope: `target(i)` names the i-th distinct order of that kind (for concurrent
 * pays that must not collide on anything but the voucher), `quote` prices it, `pay` confirms a quote.
 */
interface OrderKind {
  scope: VoucherScope;
  price: number;
  target: (i: number) => Promise<object>;
  quote: (user: Buyer, target: object, voucherId?: number) => Promise<{ code: number; msg: string; data: any }>;
  pay: (user: Buyer, target: object, quoteToken: string) => Promise<{ code: number; msg: string; data: any }>;
  /** How many distinct orders of this kind one user can place at once. */
  concurrent: number;
}

const hpcPackage: OrderKind = {
  scope: 'hpc',
  price: 80_000,
  concurrent: 10,
  target: async () => {
    const products = await call(t.app, 'GET', '/apis/hpc/auth/package/products', undefined, (await userWithBalance(t.app, 0)).token);
    return { productId: products.data.find((p: { price: number }) => p.price === 80_000).id };
  },
  quote: (user, target, voucherId) => post('/apis/hpc/auth/package/quote', { ...target, voucherId }, user.token),
  pay: (user, target, quoteToken) => post('/apis/hpc/auth/package/buy', { ...target, quoteToken }, user.token),
};

let teacherId = 0;
const coursePrice = 50_000;
const course: OrderKind = {
  scope: 'course',
  price: coursePrice,
  concurrent: 10,
  target: async () => {
    teacherId ||= (await newTeacher(t.app)).id;
    return { courseId: (await courseFixture(t.app, teacherId, { price: coursePrice })).courseId };
  },
  quote: (user, target, voucherId) => post('/apis/course/auth/course/quote', { ...target, voucherId }, user.token),
  pay: (user, target, quoteToken) => post('/apis/course/auth/course/sign', { ...target, price: coursePrice, quoteToken }, user.token),
};

/** Activating a 1000 GB network disk: its first day, 980 GB above the free tier at ¥0.30 a GB-month. */
const regionCodes = ['bj-a', 'hd-2', 'hn-1', 'xb-1'];
const netDisk: OrderKind = {
  scope: 'storage',
  price: 9_800,
  concurrent: regionCodes.length,
  target: async (i) => ({ regionCode: regionCodes[i % regionCodes.length], sizeGb: 1000 }),
  quote: (user, target, voucherId) => post('/apis/net-disk/auth/activation/quote', { ...target, voucherId }, user.token),
  pay: (user, target, quoteToken) => post('/apis/net-disk/auth/activation', { ...target, quoteToken }, user.token),
};

const invoiceable = async (user: Buyer) => (await post('/apis/user/auth/invoice/amount', {}, user.token)).data.cashConsumed as number;
const voucherRow = async (id: number) => (await t.app.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;

describe.each([
  ['存储 (network disk activation)', netDisk],
  ['超算 (core-hour package)', hpcPackage],
  ['课程 (course purchase)', course],
])('vouchers of scope %s', (_, kind) => {
  it('the quote picks the best voucher of its scope only, the user may choose another or none, and the pay spends it in the voucher account', async () => {
    const user = await buyerWithForeignVouchers(kind.scope);
    const big = await give(user, { scope: kind.scope, amount: 3_000 });
    const small = await give(user, { scope: kind.scope, amount: 1_000 });
    const target = await kind.target(0);

    const best = await kind.quote(user, target);
    expect(best.code, best.msg).toBe(200);
    expect(best.data).toMatchObject({
      amount: kind.price,
      voucher: { id: big, amount: 3_000 },
      balanceAfter: startBalance - kind.price + 3_000,
    });
    expect(best.data.vouchers.map((v: { id: number }) => v.id)).toEqual([big, small]);
    expect((await kind.quote(user, target, small)).data).toMatchObject({ voucher: { id: small, amount: 1_000 } });
    expect((await kind.quote(user, target, 0)).data).toMatchObject({ voucher: null, balanceAfter: startBalance - kind.price });
    for (const id of user.foreign) expect(await kind.quote(user, target, id)).toMatchObject(notForThisOrder);

    const paid = await kind.pay(user, target, best.data.quoteToken);
    expect(paid.code, paid.msg).toBe(200);
    expect(await balanceOf(t.app, user.id)).toBe(startBalance - kind.price + 3_000);
    expect(await voucherRow(big)).toMatchObject({ usedAmount: 3_000 });
    expect(await voucherRow(small)).toMatchObject({ usedAt: null });
    for (const id of user.foreign) expect(await voucherRow(id)).toMatchObject({ usedAt: null });
    const bills = await post('/apis/user/auth/bill/list', { pageNum: 1, pageSize: 10 }, user.token);
    expect(JSON.stringify(bills.data)).toContain('代金券抵扣 ¥3.00');
    expect(await invoiceable(user)).toBe(kind.price - 3_000);
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });

  it('a voucher whose minimum spend is above the order is not offered nor spent; one at exactly the order is', async () => {
    const user = await buyer();
    const above = await give(user, { scope: kind.scope, amount: 2_000, minSpend: kind.price + 1 });
    const target = await kind.target(1);
    const quoted = await kind.quote(user, target);
    expect(quoted.data).toMatchObject({ voucher: null, vouchers: [] });
    expect(await kind.quote(user, target, above)).toMatchObject(notForThisOrder);

    const exact = await give(user, { scope: kind.scope, amount: 2_000, minSpend: kind.price });
    const requoted = await kind.quote(user, target);
    expect(requoted.data).toMatchObject({ voucher: { id: exact, amount: 2_000 } });
    expect((await kind.pay(user, target, requoted.data.quoteToken)).code).toBe(200);
    expect(await voucherRow(above)).toMatchObject({ usedAt: null });
    expect(await balanceOf(t.app, user.id)).toBe(startBalance - kind.price + 2_000);
  });

  it('concurrent pays of distinct orders quoted with one single-use voucher spend it once; the others are refused and charge nothing', async () => {
    const user = await buyer();
    const only = await give(user, { scope: kind.scope, amount: 4_000 });
    const quoted = [];
    for (let i = 0; i < kind.concurrent; i++) {
      const target = await kind.target(i);
      const quote = await kind.quote(user, target);
      expect(quote.data.voucher).toMatchObject({ id: only });
      quoted.push({ target, token: quote.data.quoteToken as string });
    }
    const answers = await Promise.all(quoted.map((q) => kind.pay(user, q.target, q.token)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === spent.code && a.msg === spent.msg)).toBe(true);
    expect(await balanceOf(t.app, user.id)).toBe(startBalance - kind.price + 4_000);
    expect(await voucherRow(only)).toMatchObject({ usedAmount: 4_000 });
    expect(await checkLedger(t.app.db)).toEqual(balancedBooks);
  });
});

describe('paying without a quote', () => {
  it('a course bought with only the shown price, as before quotes, takes no voucher', async () => {
    const user = await buyer();
    const voucherId = await give(user, { scope: 'course', amount: 3_000 });
    const target = await course.target(0);
    const bought = await post('/apis/course/auth/course/sign', { ...target, price: coursePrice }, user.token);
    expect(bought).toMatchObject({ code: 200, data: { paidAmount: coursePrice, balance: startBalance - coursePrice } });
    expect(await voucherRow(voucherId)).toMatchObject({ usedAt: null });
  });
});
