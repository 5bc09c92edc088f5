import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';
import { seedDemoBillingHistory } from '../../../seed/billing-history.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { balanceOf, privateNode, rent, setUpComputeTestApp, userWithBalance } from '../../../test-support/compute-test-kit.js';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../../db/schema.js';
import { newOrderNo } from '../../../billing/orders.js';
import { yuan } from '../../../billing/bill-export.js';
import { checkLedger } from '../../../billing/ledger.js';
import { userRowWritten } from '../../../test-support/user-written.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

let demo: string;
let other: { id: number; token: string };
/** The demo's month: 2 recharges (¥1,000 + ¥250) spent to the last thousandth. */
const recharged = 1_250_000;
const post = (path: string, body: object, token: string) => call(t.app, 'POST', `/apis/user/auth/${path}`, body, token);

beforeAll(async () => {
  await seedDemoBillingHistory(t.app.db, t.clock.now());
  demo = await login(t.app, demoAccounts.user, demoPassword);
  other = await userWithBalance(t.app, 100_000);
});

async function allLines(token: string, filter: object = {}) {
  const lines = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = (await post('bill/list', { ...filter, pageNum, pageSize: 100 }, token)).data;
    lines.push(...page.list);
    if (lines.length >= page.total) return { lines, page };
  }
}

describe('the demo history', () => {
  it('is written once, through the ledger: the books balance and the month spends exactly what was recharged', async () => {
    expect(await seedDemoBillingHistory(t.app.db, t.clock.now())).toBe(false);
    const check = await checkLedger(t.app.db);
    expect(check).toMatchObject({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
    const [demoUser] = (await post('bill/ledger/list', { kind: 'grant' }, demo)).data.list;
    expect(demoUser.amount).toBe(500_000);
    const answer = await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, demo);
    expect(answer.data.balance).toBe(500_000);
  });
});

describe('orders', () => {
  it('lists every order, newest first, filtered by type, status and time, paged', async () => {
    const all = await post('order/list', { pageSize: 100 }, demo);
    expect(all.data.total).toBe(8);
    const times = all.data.list.map((o: { gmtCreate: string }) => o.gmtCreate);
    expect([...times].sort().reverse()).toEqual(times);

    const recharges = await post('order/list', { orderType: 5 }, demo);
    expect(recharges.data.list.map((o: { amount: number }) => o.amount)).toEqual([250_000, 1_000_000]);
    expect((await post('order/list', { status: 0 }, demo)).data.total).toBe(0);
    expect((await post('order/list', { orderType: 2, status: 1 }, demo)).data).toMatchObject({
      total: 1,
      list: [{ instanceName: '推理-L40S' }],
    });

    const since = new Date(t.clock.now().getTime() - 5 * 86_400_000).toISOString();
    const recent = await post('order/list', { startTime: since, pageSize: 100 }, demo);
    expect(recent.data.list.every((o: { gmtCreate: string }) => o.gmtCreate >= since)).toBe(true);
    const older = await post('order/list', { endTime: since, pageSize: 100 }, demo);
    expect(recent.data.total + older.data.total).toBe(8);

    const second = await post('order/list', { pageNum: 2, pageSize: 4 }, demo);
    expect(second.data.list.map((o: { id: number }) => o.id)).toEqual(all.data.list.slice(4, 8).map((o: { id: number }) => o.id));
    expect((await post('order/list', { orderType: 9 }, demo)).code).toBe(422);
  });

  it("shows an order's quote, its instance and its bill lines, and refuses another user's order", async () => {
    const [renewal] = (await post('order/list', { orderType: 2 }, demo)).data.list;
    const view = await post('order/view', { id: renewal.id }, demo);
    expect(view.data).toMatchObject({
      orderNo: renewal.orderNo,
      amount: 445_000,
      detail: { gpuModel: 'L40S', days: 7 },
      instance: { name: '推理-L40S', gpuModel: 'L40S', gpuCount: 1, status: 6 },
      bills: [{ kind: 'renew', amount: 445_000, unitPrice: 63_571, priceUnit: '天', quantity: 7, quantityUnit: '天' }],
    });
    expect(await post('order/view', { id: renewal.id }, other.token)).toMatchObject({ code: 404, msg: '订单不存在', data: null });
  });

  it('充值记录 lists the recharges 我的订单 lists, its page and total from the same rows', async () => {
    const ordered = (await post('order/list', { orderType: 5 }, demo)).data;
    const recharges = (await post('recharge/list', {}, demo)).data;
    expect(recharges.total).toBe(2);
    expect(recharges.list.map((r: { orderNo: string }) => r.orderNo)).toEqual(ordered.list.map((o: { orderNo: string }) => o.orderNo));
    expect(recharges.list).toMatchObject([
      { amount: 250_000, method: 'sandbox', status: 1, statusName: '已支付' },
      { amount: 1_000_000, method: 'sandbox', status: 1, statusName: '已支付' },
    ]);
    expect(recharges.list.every((r: { paidAt: string | null }) => r.paidAt !== null)).toBe(true);

    // A recharge order recorded without a payment row (as the demo history of an older seed was) is still listed.
    const at = t.clock.now();
    await t.app.db.insert(orders).values({
      orderNo: newOrderNo(at),
      userId: other.id,
      orderType: 5,
      billingType: 0,
      status: 1,
      amount: 30_000,
      detail: { channel: 'sandbox', paidAt: at.toISOString() },
      createdAt: at,
    });
    const legacy = (await post('recharge/list', {}, other.token)).data;
    expect(legacy).toMatchObject({
      total: 1,
      list: [{ amount: 30_000, method: 'sandbox', statusName: '已支付', paidAt: at.toISOString() }],
    });
  });
});

describe('bill lines', () => {
  it('lists every charge with unit price, quantity and the rounding rule; totals cover the whole filter', async () => {
    const { lines, page } = await allLines(demo);
    expect(page.totals).toEqual({ lines: 16, charged: recharged, refunded: 0, amount: recharged });
    expect(page.rule).toContain('金额 = 计费秒数 × 日单价 ÷ 86400');
    expect(lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(recharged);
    const usage = lines.find((line: { instanceName: string; kind: string }) => line.instanceName === '训练-4090x2');
    expect(usage).toMatchObject({ kind: 'usage', product: 'gpu', unitPrice: 2 * 1980 * 24, priceUnit: '天', quantityUnit: '秒' });
    expect(usage.amount).toBe(Math.floor((usage.quantity * usage.unitPrice) / 86_400));

    const usageOnly = await post('bill/list', { kind: 'usage', pageSize: 5 }, demo);
    expect(usageOnly.data.totals.lines).toBe(13);
    expect(usageOnly.data.list).toHaveLength(5);
    const instanceId = usage.instanceId as number;
    const ofInstance = await allLines(demo, { instanceId });
    expect(ofInstance.lines.every((line: { instanceId: number }) => line.instanceId === instanceId)).toBe(true);
    expect(ofInstance.page.totals.amount).toBe(154_440);
    // Totals of whole Beijing days come from bill_days; any other instant sums the lines: both agree.
    const fromLines = await post('bill/list', { startTime: '2000-01-01T00:00:00.001Z' }, demo);
    expect(fromLines.data.totals).toEqual(page.totals);
    expect((await post('bill/list', { product: 'storage' }, demo)).data).toMatchObject({ total: 0, list: [], totals: { amount: 0 } });
    expect((await post('bill/list', { product: 'hpc' }, demo)).data.total).toBe(0);

    const since = new Date(t.clock.now().getTime() - 10 * 86_400_000).toISOString();
    const recent = await allLines(demo, { startTime: since });
    const older = await allLines(demo, { endTime: since });
    expect(recent.page.totals.amount + older.page.totals.amount).toBe(recharged);
    expect(recent.lines.every((line: { gmtCreate: string }) => line.gmtCreate >= since)).toBe(true);
    expect((await post('bill/list', { pageSize: 5, pageNum: 2 }, demo)).data.list.map((l: { id: number }) => l.id)).toEqual(
      lines.slice(5, 10).map((l: { id: number }) => l.id),
    );
    // The usual list carries its totals on its rows; a page past the end has none and still answers them.
    expect((await post('bill/list', { pageSize: 5, pageNum: 100 }, demo)).data).toMatchObject({ list: [], total: 16, totals: page.totals });
  });

  it("shows one line with its order and the balance after it, and refuses another user's line", async () => {
    const { lines } = await allLines(demo, { kind: 'package' });
    const view = await post('bill/view', { id: lines[0].id }, demo);
    expect(view.data).toMatchObject({ id: lines[0].id, orderNo: expect.stringMatching(/^\d{14}/), balanceAfter: expect.any(Number) });
    expect(await post('bill/view', { id: lines[0].id }, other.token)).toMatchObject({ code: 404, msg: '账单明细不存在' });
    expect((await post('bill/list', {}, other.token)).data.total).toBe(0);
  });

  it('exports the same lines and totals row as CSV (UTF-8 with BOM) and as Excel', async () => {
    const { lines, page } = await allLines(demo, { kind: 'usage' });
    const exported = async (format: string) =>
      t.app.inject({
        method: 'POST',
        url: '/apis/user/auth/bill/export',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ format, kind: 'usage', product: '', startTime: '', token: demo }).toString(),
      });
    const csv = await exported('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csv.rawPayload
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toContain('金额(元)');
    const amountColumn = rows[0]!.indexOf('金额(元)');
    const body = rows.slice(1, 1 + lines.length);
    expect(body.map((row) => row[amountColumn])).toEqual(lines.map((line: { amount: number }) => yuan(line.amount)));
    expect(body.map((row) => row[rows[0]!.indexOf('用量')])).toEqual(lines.map((line: { quantity: number }) => String(line.quantity)));
    const totalRow = rows[1 + lines.length]!;
    expect(totalRow[0]).toBe('合计');
    expect(totalRow[amountColumn]).toBe(yuan(page.totals.amount));

    const xlsx = await exported('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('账单明细')!;
    const amounts = Array.from({ length: lines.length }, (_, i) => sheet.getRow(i + 2).getCell(amountColumn + 1).value);
    expect(amounts).toEqual(lines.map((line: { amount: number }) => Number(yuan(line.amount))));
    expect(sheet.getRow(lines.length + 2).getCell(1).value).toBe('合计');
    expect(sheet.getRow(lines.length + 2).getCell(amountColumn + 1).value).toBe(Number(yuan(page.totals.amount)));

    const refused = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/bill/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ format: 'pdf', token: demo }).toString(),
    });
    expect(refused.json()).toMatchObject({ code: 422 });
  });

  it('keeps a name a spreadsheet would run as a formula as text in the CSV', async () => {
    const { node, model } = await privateNode(t.app.db, 1);
    const user = await userWithBalance(t.app, 100_000);
    await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2, name: '=HYPERLINK("x")' } as never);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/bill/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ format: 'csv', token: user.token }).toString(),
    });
    expect(csv.rawPayload.toString('utf8')).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('statements and spend', () => {
  it('sums each month by resource, and the months add up to every line', async () => {
    const answer = await post('bill/statement/list', {}, demo);
    const months = answer.data;
    expect(months.reduce((sum: number, m: { amount: number }) => sum + m.amount, 0)).toBe(recharged);
    for (const month of months) {
      const view = (await post('bill/statement/view', { month: month.month }, demo)).data;
      expect(view.totals).toMatchObject({ lines: month.lines, amount: month.amount });
      expect(view.resources.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0)).toBe(month.amount);
    }
    expect(await post('bill/statement/list', { product: 'storage' }, demo)).toMatchObject({ code: 200, data: [] });
    expect(await post('bill/statement/view', { month: '2026-13' }, demo)).toMatchObject({ code: 422 });
    expect((await post('bill/statement/view', { month: months[0].month }, other.token)).data.totals.lines).toBe(0);
  });

  it('spends by day and product over the last 30 days', async () => {
    const daily = (await post('bill/daily', { days: 30 }, demo)).data;
    expect(daily.days).toHaveLength(30);
    expect(daily.series.map((s: { product: string }) => s.product)).toEqual(['gpu']);
    const since = new Date(`${daily.days[0]}T00:00:00+08:00`).toISOString();
    const { page } = await allLines(demo, { startTime: since });
    expect(daily.series[0].amounts.reduce((a: number, b: number) => a + b, 0)).toBe(page.totals.amount);
  });
});

describe('running cost', () => {
  it("prices the running pay-as-you-go instances per hour and tells how long the payer's balance lasts", async () => {
    const { node, model } = await privateNode(t.app.db, 2);
    const user = await userWithBalance(t.app, 100_000);
    expect((await post('bill/running', {}, user.token)).data).toMatchObject({ hourAmount: 0, hoursLeft: null, instances: [] });
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, gpuCount: 2 });
    t.clock.advance(8_000);
    await runMeteringPasses(t.app);
    const running = (await post('bill/running', {}, user.token)).data;
    expect(running.hourAmount).toBe(2 * 1980);
    expect(running.instances).toEqual([{ id: rented.data.instance.id, name: rented.data.instance.name, hourAmount: 3960 }]);
    expect(running.hoursLeft).toBe(Math.floor((running.balance * 10) / 3960) / 10);
    expect(running.sharedBalance).toBe(false);
    t.clock.advance(3_600_000);
    await runMeteringPasses(t.app);
    const metered = (await post('bill/list', {}, user.token)).data.totals;
    expect(metered.amount).toBe(3960);
    expect((await post('bill/list', { startTime: '2000-01-01T00:00:00.001Z' }, user.token)).data.totals).toEqual(metered);
    expect((await post('bill/running', {}, other.token)).data.instances).toEqual([]);
  });
  it("gives a sub-account sharing its main account's balance that balance, and the main account its sub-account's instances", async () => {
    const { node, model } = await privateNode(t.app.db, 2);
    const main = await userWithBalance(t.app, 50_000);
    const sub = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ parentId: main.id, shareBalance: true }).where(eq(users.id, sub.id));
    await userRowWritten(t.app, sub.id);
    const rented = await rent(t.app, sub.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    t.clock.advance(8_000);
    await runMeteringPasses(t.app);
    const seen = (await post('bill/running', {}, sub.token)).data;
    expect(seen).toMatchObject({ hourAmount: 1980, sharedBalance: true, instances: [{ id: rented.data.instance.id, hourAmount: 1980 }] });
    expect(seen.balance).toBe(await balanceOf(t.app, main.id));
    expect(seen.hoursLeft).toBe(Math.floor((seen.balance * 10) / 1980) / 10);
    expect((await post('bill/running', {}, main.token)).data).toMatchObject({
      hourAmount: 1980,
      sharedBalance: false,
      balance: seen.balance,
    });
  });
});

describe('the ledger (收支明细)', () => {
  it('lists every movement of the balance with income and expense, and a charge with the lines it paid', async () => {
    const all = (await post('bill/ledger/list', { pageSize: 100 }, demo)).data;
    expect(all.income).toBe(500_000 + recharged);
    expect(all.expense).toBe(recharged);
    expect((await post('bill/ledger/list', { kind: 'recharge' }, demo)).data.total).toBe(2);
    const charge = all.list.find((e: { kind: string }) => e.kind === 'charge');
    const view = (await post('bill/ledger/view', { id: charge.id }, demo)).data;
    expect(view.bills.reduce((sum: number, b: { amount: number }) => sum - b.amount, 0)).toBe(charge.amount);
    expect(await post('bill/ledger/view', { id: charge.id }, other.token)).toMatchObject({ code: 404, msg: '收支记录不存在' });
  });
});

describe('resources billed', () => {
  it("lists the user's instances and data disks with their lifetime spend, and refuses another user's", async () => {
    const gpu = (await post('bill/resource/list', { kind: 'gpu', pageSize: 100 }, demo)).data;
    expect(gpu.total).toBe(4);
    expect(gpu.list.reduce((sum: number, r: { spent: number }) => sum + r.spent, 0)).toBe(recharged);
    const l40s = gpu.list.find((r: { name: string }) => r.name === '推理-L40S');
    expect(l40s).toMatchObject({ spec: 'L40S × 1', spent: 890_000, billingType: 3, status: 6 });
    const disks = (await post('bill/resource/list', { kind: 'disk' }, demo)).data;
    expect(disks.list).toMatchObject([{ name: '实验-3090 数据盘', spec: '扩容 50 GB', spent: 0 }]);
    const view = (await post('bill/resource/view', { id: l40s.id }, demo)).data;
    expect(view.months.reduce((sum: number, m: { amount: number }) => sum + m.amount, 0)).toBe(890_000);
    expect(view.recentBills).toHaveLength(2);
    expect(await post('bill/resource/view', { id: l40s.id }, other.token)).toMatchObject({ code: 404, msg: '资源不存在' });
  });
});
