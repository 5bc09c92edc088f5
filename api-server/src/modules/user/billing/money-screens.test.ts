import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, requestSmsCode, type TestApp } from '../../../test-support/test-app.js';
import { AlipayGatewayPeer } from '../../../test-support/alipay-gateway-peer.js';
import { WechatpayGatewayPeer } from '../../../test-support/wechatpay-gateway-peer.js';
import { openLocalHpcAccount } from '../../../test-support/hpc-account.js';
import { userRowWritten } from '../../../test-support/user-written.js';
import type { RawNotification } from '../../../billing/payments/provider.js';
import { checkLedger } from '../../../billing/ledger.js';
import { yuan } from '../../../billing/bill-export.js';
import { ledgerEntries, users } from '../../../db/schema.js';
import {
  privateNode,
  quotedOperation,
  rent,
  settle,
  systemImageId,
  tokenFor,
  userWithBalance,
} from '../../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { jobBody, localCluster, submit } from '../../../test-support/hpc-test-kit.js';
import { runJobSync } from '../../../hpc/job-sync.js';
import { courseFixture, newTeacher } from '../../../test-support/learning-test-kit.js';
import { withdrawWithCode } from '../../../test-support/withdrawal-test-kit.js';

/**
 * One user does one of each thing that moves money, through the real routes: a recharge by each provider, a rented
 * package, its renewal, its refund (back to pay-as-you-go), metered time, a network disk, an HPC job, a course, a
 * question bounty, a withdrawal of referral income and an invoice. Then 充值记录, 我的订单, 账单明细, 收支明细 and the
 * CSV export must tell the story the ledger tells, line by line.
 */
const second = 1000;
const hour = 3600 * second;
const day = 24 * hour;

const alipay = new AlipayGatewayPeer();
const wechatpay = new WechatpayGatewayPeer();
let t: TestApp;

/**
 * The sandbox cashier and both real providers (their SDKs against local gateway peers), each set explicitly: the
 * sandbox is a demo feature that a site turns on, and a test that needs it says so.
 */
const paymentSettings = () => ({
  sandbox: true,
  publicUrl: 'https://portal.example',
  alipay: alipay.settings,
  wechatpay: wechatpay.settings,
  unpaidTimeoutMs: 30 * 60_000,
  closeIntervalMs: 60_000,
});

beforeAll(async () => {
  await Promise.all([alipay.start(), wechatpay.start()]);
  t = await createTestApp({ config: { payments: paymentSettings() } });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([alipay.close(), wechatpay.close()]);
});

type Person = { id: number; token: string };
const post = async (path: string, body: unknown, as: Person) => {
  const answer = await call(t.app, 'POST', path, body, as.token);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  return answer.data;
};
const mine = (path: string, body: unknown, as: Person) => post(`/apis/user/auth/${path}`, body, as);

/** Every row of a paged list (100 a page), in the list's order. */
async function everyRow<T>(path: string, filter: object, as: Person): Promise<{ rows: T[]; last: Record<string, unknown> }> {
  const rows: T[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await mine(path, { ...filter, pageNum, pageSize: 100 }, as);
    rows.push(...page.list);
    if (page.list.length === 0 || rows.length >= page.total) return { rows, last: page };
  }
}

const deliver = (method: string, raw: RawNotification) =>
  t.app.inject({
    method: 'POST',
    url: `/apis/user/api/pay/notify/${method}`,
    headers: raw.headers as Record<string, string>,
    payload: raw.body,
  });

let attempts = 0;
/** A recharge paid the way its provider is paid: the sandbox's cashier page, or the provider's signed notification. */
async function recharge(person: Person, method: 'sandbox' | 'alipay' | 'wechatpay', amount: number): Promise<string> {
  const created = await mine('recharge/create', { amount, method, idempotencyKey: `money-screens-${++attempts}` }, person);
  if (method === 'sandbox') {
    const confirmed = await t.app.inject({ method: 'POST', url: `${created.payUrl}/confirm` });
    expect(confirmed.statusCode).toBe(303);
  } else {
    const peer = method === 'alipay' ? alipay : wechatpay;
    const delivered = await deliver(method, peer.pay(created.paymentNo, t.clock.now()));
    expect(delivered.statusCode).toBe(200);
  }
  expect((await mine('recharge/view', { orderNo: created.orderNo }, person)).statusName).toBe('已支付');
  return created.orderNo;
}

/** Withdraws `amount` of the person's withdrawable income to an Alipay account in their real name, with a withdraw code. */
async function withdraw(person: Person, amount: number) {
  const [row] = await t.app.db
    .update(users)
    .set({ idCardCheckStatus: 1, realName: '周敏' })
    .where(eq(users.id, person.id))
    .returning({ mobile: users.mobile });
  await userRowWritten(t.app, person.id);
  const answer = await withdrawWithCode(t, { ...person, mobile: row!.mobile }, amount);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** A CSV as rows of cells (cells never hold a quote or a comma in this test's data, which the first check proves). */
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.subarray(3).toString('utf8').trim();
  expect(text).not.toContain('"');
  return text.split('\r\n').map((row) => row.split(','));
}

interface LedgerRow {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  note: string;
}
interface BillLine {
  id: number;
  product: string;
  kind: string;
  orderNo: string | null;
  unitPrice: number;
  priceUnit: string;
  quantity: number;
  quantityUnit: string;
  amount: number;
  note: string;
}
interface OrderRow {
  id: number;
  orderNo: string;
  orderType: number;
  status: number;
  amount: number;
}

describe('one user, one of each money operation', () => {
  let user: Person;
  const recharged: Record<string, string> = {};
  let referredOrderNo = '';

  it('recharges through the sandbox cashier, Alipay and WeChat Pay, and earns referral income on a friend’s recharge', async () => {
    user = await userWithBalance(t.app, 0);
    recharged.sandbox = await recharge(user, 'sandbox', 500_000);
    recharged.alipay = await recharge(user, 'alipay', 300_000);
    recharged.wechatpay = await recharge(user, 'wechatpay', 200_000);

    const { referralCode } = await post('/apis/system/api/website/referral/code', {}, user);
    const mobile = '13600000123';
    const code = await requestSmsCode(t, mobile, 'register');
    const registered = await call(t.app, 'POST', '/apis/user/api/user/register', { mobile, code, password: 'Test@pass1', referralCode });
    expect(registered.code, registered.msg).toBe(200);
    const friend = { id: registered.data.userInfo.id as number, token: registered.data.token as string };
    referredOrderNo = await recharge(friend, 'sandbox', 400_000);
  });

  it('rents a daily package, renews it, turns it back to pay-as-you-go (a refund), runs an hour and releases it', async () => {
    const { node, model } = await privateNode(t.app.db, 1);
    const imageId = await systemImageId(t.app.db);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2, duration: 1 });
    expect(rented.code, rented.msg).toBe(200);
    const id = rented.data.instance.id as number;
    await settle(t, 8 * second);
    const path = (action: string) => `/apis/user/auth/user/instance/${action}`;
    expect((await quotedOperation(t.app, user.token, 'renew', path('renew'), { id, duration: 1 })).code).toBe(200);
    t.clock.advance(2 * hour);
    expect((await quotedOperation(t.app, user.token, 'changeBilling', path('change/billing'), { id, billingType: 1 })).code).toBe(200);
    await settle(t, hour);
    t.clock.advance(7 * second);
    await mine('user/instance/stop', { id }, user);
    await settle(t, 5 * second);
    await mine('user/instance/release/instance', { id }, user);
    await settle(t, 10 * second);
  });

  it('opens a network disk, runs an HPC job, buys a course and offers a bounty', async () => {
    await post('/apis/net-disk/auth/activation', { regionCode: 'bj-a', sizeGb: 50 }, user);

    const cluster = await localCluster(t.app);
    await openLocalHpcAccount(t.app, user.id, cluster);
    const job = await submit(t.app, user.token, jobBody(cluster.id, { name: '分子动力学', partition: 'gpu', tasks: 2, gpus: 1 }));
    expect(job.code, job.msg).toBe(200);
    t.clock.advance(10 * second);
    await runJobSync(t.app);
    t.clock.advance(910 * second);
    await runJobSync(t.app);

    const teacher = await newTeacher(t.app);
    const course = await courseFixture(t.app, teacher.id, { price: 30_000 });
    await post('/apis/course/auth/course/sign', { courseId: course.courseId, price: 30_000 }, user);

    // Posting limits apply to accounts older than a day.
    t.clock.advance(25 * hour);
    user.token = await tokenFor(t.app, user.id);
    const helper = await userWithBalance(t.app, 0);
    const question = await post(
      '/apis/community/auth/questions/save',
      { title: '怎样在多卡上设置 NCCL 环境变量？', contentMd: '训练脚本在两张卡上卡住不动，想知道需要设置哪些环境变量。', bounty: 5 },
      user,
    );
    await post(
      '/apis/community/auth/questions/comment/save',
      { questionId: question.id, contentMd: '设置 NCCL_P2P_DISABLE=1 试试。' },
      helper,
    );
  });

  it('withdraws the referral income once it is released, and asks for an invoice for the course order', async () => {
    t.clock.advance(7 * day);
    await runMeteringPasses(t.app);
    user.token = await tokenFor(t.app, user.id);
    const withdrawal = await withdraw(user, 10_000);
    expect(withdrawal).toMatchObject({ amount: 10_000, fee: 1_000, statusName: '申请中' });

    const courseOrder = (await mine('order/list', { orderType: 7 }, user)).list[0] as OrderRow;
    const title = await mine('invoice/title/save', { titleType: 1, invoiceType: 1, name: '周敏' }, user);
    const invoice = await mine('invoice/apply', { titleId: title.id, mode: 'orders', orderIds: [courseOrder.id] }, user);
    expect(invoice.orders).toEqual([{ id: courseOrder.id, orderNo: courseOrder.orderNo, amount: courseOrder.amount }]);
  });

  it('tells one story on 充值记录, 我的订单, 账单明细, 收支明细 and the CSV, line by line with the ledger', async () => {
    expect(await checkLedger(t.app.db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
    const books = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.account, 'cash')))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
    const [row] = await t.app.db.select({ balance: users.balance, income: users.incomeBalance }).from(users).where(eq(users.id, user.id));

    // 收支明细: every movement of the balance, newest first, as the books have it; no ¥0.00 movement.
    const ledger = (await everyRow<LedgerRow>('bill/ledger/list', {}, user)).rows;
    expect(ledger.map((entry) => [entry.id, entry.kind, entry.amount, entry.balanceAfter]).reverse()).toEqual(
      books.map((entry) => [entry.id, entry.kind, entry.amount, entry.balanceAfter]),
    );
    expect(ledger.every((entry) => entry.amount !== 0)).toBe(true);
    expect(ledger[0]!.balanceAfter).toBe(row!.balance);
    expect(books.reduce((sum, entry) => sum + entry.amount, 0)).toBe(row!.balance);
    expect(new Set(ledger.map((entry) => entry.kind))).toEqual(new Set(['recharge', 'charge', 'refund', 'bounty_hold']));

    // 充值记录 = the recharge orders of 我的订单 = the recharge movements, by the one order number.
    const recharges = (
      await everyRow<{ orderNo: string; paymentNo: string; method: string; amount: number; status: number }>('recharge/list', {}, user)
    ).rows;
    expect(recharges.map((r) => [r.method, r.orderNo, r.paymentNo, r.amount, r.status])).toEqual([
      ['wechatpay', recharged.wechatpay, recharged.wechatpay, 200_000, 1],
      ['alipay', recharged.alipay, recharged.alipay, 300_000, 1],
      ['sandbox', recharged.sandbox, recharged.sandbox, 500_000, 1],
    ]);
    const orders = (await everyRow<OrderRow>('order/list', {}, user)).rows;
    expect(orders.filter((o) => o.orderType === 5).map((o) => [o.orderNo, o.amount])).toEqual(recharges.map((r) => [r.orderNo, r.amount]));
    const rechargeMovements = ledger.filter((entry) => entry.kind === 'recharge');
    expect(rechargeMovements.map((entry) => entry.amount)).toEqual(recharges.map((r) => r.amount));
    rechargeMovements.forEach((entry, index) => expect(entry.note).toContain(`订单号 ${recharges[index]!.orderNo}`));
    expect(orders.some((o) => o.orderNo === referredOrderNo)).toBe(false);

    // 账单明细: every line explains part of one movement, and every movement but a recharge is explained to the 厘.
    const { rows: lines, last } = await everyRow<BillLine>('bill/list', {}, user);
    const viewed = await Promise.all(lines.map((line) => mine('bill/view', { id: line.id }, user)));
    const explained = new Map<number, number>();
    for (const line of viewed) explained.set(line.ledgerEntryId, (explained.get(line.ledgerEntryId) ?? 0) + line.amount);
    expect([...explained].sort(([a], [b]) => a - b)).toEqual(
      books.filter((entry) => entry.kind !== 'recharge').map((entry) => [entry.id, -entry.amount]),
    );
    expect(last.totals).toMatchObject({
      lines: lines.length,
      amount: -books.filter((e) => e.kind !== 'recharge').reduce((s, e) => s + e.amount, 0),
    });
    expect(new Set(lines.map((line) => `${line.product}/${line.kind}`))).toEqual(
      new Set([
        'gpu/package',
        'gpu/renew',
        'gpu/refund',
        'gpu/usage',
        'storage/usage',
        'hpc/usage',
        'hpc/gpu_usage',
        'course/course',
        'community/bounty',
      ]),
    );
    // Each line's unit price times its quantity is its amount: nothing at ¥0.00 per unit.
    for (const line of lines) {
      expect(Math.abs(line.unitPrice), line.note).toBeGreaterThan(0);
      const perUnit = { 天: line.quantityUnit === '秒' ? 86_400 : 1, 次: 1, 核时: 3600, 卡时: 3600 }[line.priceUnit];
      expect(perUnit, `${line.priceUnit} of ${line.note}`).toBeDefined();
      expect(Math.abs(line.amount - (line.quantity * line.unitPrice) / perUnit!), line.note).toBeLessThanOrEqual(1);
    }
    const hpc = lines.filter((line) => line.product === 'hpc').map((l) => [l.kind, l.unitPrice, l.priceUnit, l.quantity, l.quantityUnit]);
    expect(hpc).toEqual(
      expect.arrayContaining([
        ['usage', 100, '核时', 1_800, '核秒'],
        ['gpu_usage', 6_000, '卡时', 900, '卡秒'],
      ]),
    );

    // 我的订单: each order's amount is what its lines charged (a refund order is negative), under the same number.
    for (const order of orders.filter((o) => o.orderType !== 5)) {
      const view = await mine('order/view', { id: order.id }, user);
      expect(
        view.bills.reduce((sum: number, line: BillLine) => sum + line.amount, 0),
        order.orderNo,
      ).toBe(order.amount);
      expect(view.bills.every((line: BillLine) => line.orderNo === order.orderNo)).toBe(true);
    }
    const numbered = lines.filter((line) => line.orderNo !== null).map((line) => line.orderNo);
    expect(numbered.every((orderNo) => orders.some((o) => o.orderNo === orderNo))).toBe(true);
    expect(new Set(numbered).size).toBe(orders.filter((o) => o.orderType !== 5).length);

    // The CSV: the lines of 账单明细 in the same order, to the cent, with their order numbers, and the same totals.
    const exported = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/bill/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ format: 'csv', token: user.token }).toString(),
    });
    const [header, ...body] = csvRows(exported.rawPayload);
    const column = (name: string) => header!.indexOf(name);
    const csvLines = body.slice(0, lines.length);
    expect(
      csvLines.map((cells) => [cells[column('金额(元)')], cells[column('备注')], cells[column('订单号')], cells[column('用量')]]),
    ).toEqual(lines.map((line) => [yuan(line.amount), line.note, line.orderNo ?? '', String(line.quantity)]));
    expect(body[lines.length]![0]).toBe('合计');
    expect(body[lines.length]![column('金额(元)')]).toBe(yuan((last.totals as { amount: number }).amount));

    // The withdrawal moves income, never the balance: its own list and the income account say so.
    const withdrawals = (await mine('user/account/extract/log/list', {}, user)).list;
    expect(withdrawals).toMatchObject([{ amount: 10_000, fee: 1_000 }]);
    const income = await t.app.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.account, 'income')))
      .orderBy(asc(ledgerEntries.id));
    expect(income).toEqual([
      { kind: 'income_release', amount: 20_000 },
      { kind: 'withdrawal', amount: -10_000 },
    ]);
    expect(row!.income).toBe(10_000);

    // The invoice names the order by the number 我的订单 shows.
    const [invoice] = (await mine('invoice/list', {}, user)).list;
    const courseOrder = orders.find((o) => o.orderType === 7)!;
    expect(invoice.orders).toEqual([{ id: courseOrder.id, orderNo: courseOrder.orderNo, amount: 30_000 }]);
  });
});
