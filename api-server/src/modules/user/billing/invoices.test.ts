import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../../db/schema.js';
import { call, type TestApp } from '../../../test-support/test-app.js';
import { applyLedgerEntry, postTransaction } from '../../../billing/ledger.js';
import { demoOperatorMobile } from '../../../seed/operator.js';
import { createAccount } from '../../../accounts/accounts.js';
import { messagesOf, privateNode, rent, setUpComputeTestApp, tokenFor } from '../../../test-support/compute-test-kit.js';
import { usccCheckCharacter } from '../../../billing/invoices/invoice-titles.js';
import { invoiceFontName } from '../../../billing/invoices/invoice-pdf.js';
import { pdfText } from '../../../test-support/pdf-text.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

/** A valid unified social credit code (its check character computed). */
const uscc = (body17: string) => body17 + usccCheckCharacter(body17);
const companyTaxNo = uscc('91110108MA01BCD12');

const specialTitle = {
  titleType: 2,
  invoiceType: 2,
  name: '北京算力科技有限公司',
  taxNo: companyTaxNo,
  bankName: '招商银行北京分行',
  bankAccount: '6225 8801 2345 6789',
  address: '北京市朝阳区建国路88号',
  phone: '010-88886666',
};

let accounts = 0;
/** A fresh main account that recharged `cash` and received `credit` of free credit (both through the ledger). */
async function customer(cash: number, credit = 0) {
  accounts += 1;
  const mobile = `137${String(process.pid % 10_000).padStart(4, '0')}${String(accounts).padStart(4, '0')}`;
  const account = await createAccount(t.app.db, { mobile, passwordHash: 'x', nickname: `开票${accounts}` });
  const at = t.app.clock.now();
  if (credit) await applyLedgerEntry(t.app.db, { userId: account.id, amount: credit, kind: 'grant', note: '新用户注册体验金', at });
  if (cash)
    await postTransaction(t.app.db, {
      kind: 'recharge',
      note: '充值',
      at,
      legs: [
        { account: { kind: 'cash', userId: account.id }, amount: cash },
        { account: { kind: 'clearing', provider: 'sandbox' }, amount: -cash },
      ],
    });
  return { id: account.id, token: await tokenFor(t.app, account.id) };
}

let operator: string;
async function operatorToken() {
  const [seeded] = await t.app.db.select().from(users).where(eq(users.mobile, demoOperatorMobile));
  return tokenFor(t.app, seeded!.id);
}

/** Rents a daily package through the real quote and order path: the order is paid and its amount charged. */
async function paidOrder(token: string) {
  const { node, model } = await privateNode(t.app.db, 1);
  const rented = await rent(t.app, token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2, duration: 1 });
  expect(rented.code, rented.msg).toBe(200);
  const [order] = await t.app.db.select().from(orders).where(eq(orders.instanceId, rented.data.instance.id));
  return order!;
}

const post = (path: string, body: unknown, token: string) => call(t.app, 'POST', `/apis/user/auth/invoice/${path}`, body, token);

beforeAll(async () => {
  operator = await operatorToken();
});

describe('invoice titles', () => {
  it('saves personal, company 普票 and company 专票 titles, the first as the default', async () => {
    const user = await customer(0);
    const personal = await post('title/save', { titleType: 1, invoiceType: 1, name: '张三' }, user.token);
    expect(personal).toMatchObject({ code: 200, data: { typeName: '个人普票', isDefault: true, taxNo: '' } });
    const company = await post(
      'title/save',
      { titleType: 2, invoiceType: 1, name: '某某有限公司', taxNo: companyTaxNo.toLowerCase() },
      user.token,
    );
    expect(company.data).toMatchObject({ typeName: '企业普票', taxNo: companyTaxNo, isDefault: false });
    const special = await post('title/save', { ...specialTitle, isDefault: true }, user.token);
    expect(special.data).toMatchObject({ typeName: '企业专票', bankAccount: '6225880123456789', isDefault: true });

    const list = await post('title/list', {}, user.token);
    expect(list.data.list.map((title: { id: number; isDefault: boolean }) => [title.id, title.isDefault])).toEqual([
      [special.data.id, true],
      [personal.data.id, false],
      [company.data.id, false],
    ]);

    const updated = await post(
      'title/update',
      { id: company.data.id, titleType: 2, invoiceType: 1, name: '改名有限公司', taxNo: companyTaxNo, isDefault: true },
      user.token,
    );
    expect(updated.data).toMatchObject({ name: '改名有限公司', isDefault: true });
    expect((await post('title/list', {}, user.token)).data.list.filter((title: { isDefault: boolean }) => title.isDefault)).toHaveLength(1);

    expect((await post('title/delete', { id: personal.data.id }, user.token)).msg).toBe('发票抬头已删除');
    expect((await post('title/list', {}, user.token)).data.list).toHaveLength(2);
  });

  it.each([
    [{ titleType: 1, invoiceType: 2, name: '张三' }, '个人抬头只能开具增值税普通发票'],
    [{ titleType: 2, invoiceType: 1, name: '某某有限公司' }, '请填写纳税人识别号'],
    [{ titleType: 2, invoiceType: 1, name: '某某有限公司', taxNo: '1234' }, '纳税人识别号应为15至20位数字或大写字母'],
    [
      {
        titleType: 2,
        invoiceType: 1,
        name: '某某有限公司',
        taxNo: '91110108MA01BCD12' + (usccCheckCharacter('91110108MA01BCD12') === '0' ? '1' : '0'),
      },
      '统一社会信用代码校验位不正确，请核对纳税人识别号',
    ],
    [
      { titleType: 2, invoiceType: 1, name: '某某有限公司', taxNo: '91110108MA01BCD1IO' },
      '统一社会信用代码含有不允许的字母（不使用 I、O、Z、S、V）',
    ],
    [{ ...specialTitle, bankName: '' }, '请填写开户银行'],
    [{ ...specialTitle, bankAccount: '62258801234x' }, '银行账号应为8至30位数字'],
    [{ ...specialTitle, bankAccount: '1234' }, '银行账号应为8至30位数字'],
    [{ ...specialTitle, address: '' }, '请填写注册地址'],
    [{ ...specialTitle, phone: '12345' }, '注册电话应为手机号或固定电话（如 010-12345678）'],
    [{ ...specialTitle, phone: undefined }, '请填写注册电话'],
    [{ titleType: 2, invoiceType: 2 }, '发票抬头不能为空'],
    [{ titleType: 3, invoiceType: 1, name: '张三' }, '抬头类型不能大于2'],
    [{ titleType: 2, invoiceType: 1, name: 'x'.repeat(101) }, '发票抬头长度不能超过100个字符'],
  ])('refuses a bad title %#', async (body, message) => {
    const user = await customer(0);
    const answer = await post('title/save', body, user.token);
    expect(answer).toMatchObject({ code: 422, data: null, msg: message });
    expect((await post('title/list', {}, user.token)).data.list).toEqual([]);
  });

  it("refuses other users' title ids", async () => {
    const owner = await customer(0);
    const other = await customer(0);
    const title = await post('title/save', specialTitle, owner.token);
    const notFound = { code: 404, data: null, msg: '发票抬头不存在' };
    expect(await post('title/update', { ...specialTitle, id: title.data.id, name: '冒名' }, other.token)).toMatchObject(notFound);
    expect(await post('title/delete', { id: title.data.id }, other.token)).toMatchObject(notFound);
    expect(await post('apply', { titleId: title.data.id, mode: 'amount', amount: 1000 }, other.token)).toMatchObject(notFound);
    expect((await post('title/list', {}, owner.token)).data.list[0].name).toBe(specialTitle.name);
  });
});

describe('invoiceable amount', () => {
  it('is cash consumed (charges − refunds − free credit spent) less what is invoiced', async () => {
    const user = await customer(1_000_000, 5_000);
    expect((await post('amount', {}, user.token)).data).toMatchObject({ charged: 0, freeCredit: 5_000, cashConsumed: 0, invoiceable: 0 });
    const order = await paidOrder(user.token);
    await applyLedgerEntry(t.app.db, { userId: user.id, amount: 1_230, kind: 'refund', note: '退款', at: t.app.clock.now() });
    const amount = (await post('amount', {}, user.token)).data;
    expect(amount).toMatchObject({
      charged: order.amount,
      refunded: 1_230,
      freeCredit: 5_000,
      freeCreditSpent: 0,
      cashConsumed: order.amount - 1_230,
      invoiced: 0,
      invoiceable: order.amount - 1_230,
    });
    expect(amount.rule).toContain('充值后尚未消费的余额不开票');
  });

  it('spends free credit last and never invoices it', async () => {
    const user = await customer(10_000, 5_000);
    await applyLedgerEntry(t.app.db, { userId: user.id, amount: -12_000, kind: 'charge', note: '消费', at: t.app.clock.now() });
    expect((await post('amount', {}, user.token)).data).toMatchObject({
      charged: 12_000,
      freeCredit: 5_000,
      balance: 3_000,
      freeCreditSpent: 2_000,
      cashConsumed: 10_000,
      invoiceable: 10_000,
    });
  });

  it('excludes consumption paid by free credit only', async () => {
    const user = await customer(0, 500_000);
    const order = await paidOrder(user.token);
    expect(order.amount).toBeLessThan(500_000);
    expect((await post('amount', {}, user.token)).data).toMatchObject({ charged: order.amount, cashConsumed: 0, invoiceable: 0 });
  });
});

describe('invoice requests', () => {
  it('by amount: applies within the invoiceable amount, edits and withdraws until issued', async () => {
    const user = await customer(1_000_000);
    const order = await paidOrder(user.token);
    const title = await post('title/save', specialTitle, user.token);

    expect(await post('apply', { titleId: title.data.id, mode: 'amount' }, user.token)).toMatchObject({ code: 422, msg: '请填写开票金额' });
    expect(await post('apply', { titleId: title.data.id, mode: 'cash', amount: 1_000 }, user.token)).toMatchObject({
      code: 422,
      msg: '开票方式取值不正确',
    });
    expect(await post('list', { status: 9 }, user.token)).toMatchObject({ code: 422, msg: '发票状态不能大于5' });
    expect(await post('apply', { titleId: title.data.id, mode: 'amount', amount: 1_005 }, user.token)).toMatchObject({
      code: 422,
      msg: '开票金额应精确到分',
    });
    expect(await post('apply', { titleId: title.data.id, mode: 'amount', amount: 0 }, user.token)).toMatchObject({
      code: 422,
      msg: '开票金额不能小于1',
    });
    const over = Math.ceil((order.amount + 10) / 10) * 10;
    expect(await post('apply', { titleId: title.data.id, mode: 'amount', amount: over }, user.token)).toMatchObject({
      code: 409,
      msg: `开票金额 ¥${(over / 1000).toFixed(2)} 超过可开票金额 ¥${(order.amount / 1000).toFixed(2)}`,
    });
    expect(await post('apply', { titleId: title.data.id, mode: 'amount', amount: 1_000, email: 'not-mail' }, user.token)).toMatchObject({
      code: 422,
      msg: '接收邮箱格式不正确',
    });

    const applied = await post(
      'apply',
      { titleId: title.data.id, mode: 'amount', amount: 10_000, email: 'cw@example.com', remark: '十月' },
      user.token,
    );
    expect(applied).toMatchObject({
      code: 200,
      data: { status: 1, statusName: '申请中', amount: 10_000, title: { name: specialTitle.name, typeName: '企业专票' }, hasPdf: false },
    });
    expect((await post('amount', {}, user.token)).data).toMatchObject({ invoiced: 10_000, invoiceable: order.amount - 10_000 });

    const edited = await post('update', { id: applied.data.id, titleId: title.data.id, mode: 'amount', amount: 20_000 }, user.token);
    expect(edited.data).toMatchObject({ amount: 20_000, status: 1 });
    expect((await post('amount', {}, user.token)).data.invoiceable).toBe(order.amount - 20_000);
    expect((await post('view', { id: applied.data.id }, user.token)).data.amount).toBe(20_000);

    const withdrawn = await post('withdraw', { id: applied.data.id }, user.token);
    expect(withdrawn.data).toMatchObject({ status: 5, statusName: '已撤回' });
    expect((await post('amount', {}, user.token)).data.invoiceable).toBe(order.amount);
    expect(await post('withdraw', { id: applied.data.id }, user.token)).toMatchObject({
      code: 409,
      msg: '该发票申请已撤回，不能撤回（开具前可以撤回）',
    });
    expect(await post('update', { id: applied.data.id, titleId: title.data.id, mode: 'amount', amount: 1_000 }, user.token)).toMatchObject({
      code: 409,
    });

    const list = await post('list', { pageSize: 10 }, user.token);
    expect(list.data).toMatchObject({ total: 1, list: [{ id: applied.data.id, statusName: '已撤回' }] });
    expect((await post('list', { status: 1 }, user.token)).data.total).toBe(0);
  });

  it('by orders: an order is invoiced once, and is free again after withdrawal', async () => {
    const user = await customer(2_000_000);
    const first = await paidOrder(user.token);
    const second = await paidOrder(user.token);
    const title = await post('title/save', { titleType: 1, invoiceType: 1, name: '李四' }, user.token);

    const orderList = await post('orders', { pageSize: 10 }, user.token);
    expect(orderList.data.list.map((o: { id: number; invoiced: boolean }) => [o.id, o.invoiced])).toEqual([
      [second.id, false],
      [first.id, false],
    ]);
    expect(await post('apply', { titleId: title.data.id, mode: 'orders' }, user.token)).toMatchObject({
      code: 422,
      msg: '请选择要开票的订单',
    });

    const applied = await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [first.id] }, user.token);
    expect(applied.data).toMatchObject({ amount: first.amount, orders: [{ id: first.id, orderNo: first.orderNo, amount: first.amount }] });
    expect(await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [second.id, first.id] }, user.token)).toMatchObject({
      code: 409,
      msg: `订单 ${first.orderNo} 已开票或正在申请开票`,
    });
    expect((await post('orders', {}, user.token)).data.list.find((o: { id: number }) => o.id === first.id).invoiced).toBe(true);

    const moved = await post('update', { id: applied.data.id, titleId: title.data.id, mode: 'orders', orderIds: [second.id] }, user.token);
    expect(moved.data).toMatchObject({ amount: second.amount, orders: [{ id: second.id }] });
    const again = await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [first.id] }, user.token);
    expect(again.code).toBe(200);
    await post('withdraw', { id: again.data.id }, user.token);
    expect((await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [first.id] }, user.token)).code).toBe(200);
  });

  it("refuses other users' requests and orders", async () => {
    const owner = await customer(1_000_000);
    const other = await customer(1_000_000);
    const order = await paidOrder(owner.token);
    await paidOrder(other.token);
    const ownerTitle = await post('title/save', specialTitle, owner.token);
    const otherTitle = await post('title/save', specialTitle, other.token);
    const applied = await post('apply', { titleId: ownerTitle.data.id, mode: 'amount', amount: 10_000 }, owner.token);

    const notFound = { code: 404, data: null, msg: '发票申请不存在' };
    expect(await post('view', { id: applied.data.id }, other.token)).toMatchObject(notFound);
    expect(
      await post('update', { id: applied.data.id, titleId: otherTitle.data.id, mode: 'amount', amount: 1_000 }, other.token),
    ).toMatchObject(notFound);
    expect(await post('withdraw', { id: applied.data.id }, other.token)).toMatchObject(notFound);
    expect(await post('pdf', { id: applied.data.id }, other.token)).toMatchObject(notFound);
    expect(await post('apply', { titleId: otherTitle.data.id, mode: 'orders', orderIds: [order.id] }, other.token)).toMatchObject({
      code: 404,
      msg: `订单不存在：${order.id}`,
    });
    expect((await post('list', {}, other.token)).data.total).toBe(0);
    expect((await post('view', { id: applied.data.id }, owner.token)).data.status).toBe(1);
  });

  it('never exceeds the invoiceable amount under 20 concurrent requests', async () => {
    const user = await customer(1_000_000);
    await paidOrder(user.token);
    const title = await post('title/save', specialTitle, user.token);
    const { invoiceable } = (await post('amount', {}, user.token)).data;
    const share = Math.floor(invoiceable / 4 / 10) * 10;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('apply', { titleId: title.data.id, mode: 'amount', amount: share }, user.token)),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.code === 409).every((a) => a.msg.includes('超过可开票金额'))).toBe(true);
    const after = (await post('amount', {}, user.token)).data;
    expect(after.invoiced).toBe(4 * share);
    expect(after.invoiceable).toBe(invoiceable - 4 * share);
  });
});

describe('review, issue and red reversal', () => {
  it('is for operators only', async () => {
    const user = await customer(0);
    for (const path of ['review/list', 'review/issue', 'review/reject', 'review/reverse']) {
      const answer = await post(path, { id: 1, reason: '无' }, user.token);
      expect(answer).toMatchObject({ code: 403, data: null });
    }
  });

  it('issues the invoice with its PDF, tells the user, and red reversal makes the amount invoiceable again', async () => {
    const user = await customer(1_000_000);
    const order = await paidOrder(user.token);
    const title = await post('title/save', specialTitle, user.token);
    const applied = await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [order.id] }, user.token);
    expect(await post('pdf', { id: applied.data.id }, user.token)).toMatchObject({ code: 404, msg: '该申请尚未开具发票' });

    const pending = await post('review/list', { status: 1, pageSize: 100 }, operator);
    expect(pending.data.list.find((r: { id: number }) => r.id === applied.data.id)).toMatchObject({
      userId: user.id,
      amount: order.amount,
    });

    const issued = await post('review/issue', { id: applied.data.id }, operator);
    expect(issued.data).toMatchObject({ status: 2, statusName: '已开具', hasPdf: true, invoiceNo: expect.stringMatching(/^\d{20}$/) });
    const invoiceNo = issued.data.invoiceNo as string;
    expect(await post('review/issue', { id: applied.data.id }, operator)).toMatchObject({ code: 409, msg: '该发票申请已开具，不能开具' });
    expect(await post('withdraw', { id: applied.data.id }, user.token)).toMatchObject({
      code: 409,
      msg: '该发票申请已开具，不能撤回（开具前可以撤回）',
    });
    expect((await messagesOf(t.app, user.token))[0]).toMatchObject({ title: '发票已开具', content: expect.stringContaining(invoiceNo) });

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/invoice/pdf',
      headers: { token: user.token },
      payload: { id: applied.data.id },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text.text).toContain(invoiceNo);
    expect(text.text).toContain(specialTitle.name);
    expect(text.text).toContain('电子发票（增值税专用发票）');
    expect(text.text).toContain(`¥${(Math.round(order.amount / 10) / 100).toFixed(2)}`);
    expect(text.fonts.some((name) => name.includes(invoiceFontName))).toBe(true);

    const formPost = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/invoice/pdf',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: String(applied.data.id), token: user.token }).toString(),
    });
    expect(formPost.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoiceNo}.pdf"`);
    expect(formPost.rawPayload.equals(pdf.rawPayload)).toBe(true);

    expect((await post('amount', {}, user.token)).data.invoiced).toBe(order.amount);
    const reversed = await post('review/reverse', { id: applied.data.id }, operator);
    expect(reversed.data).toMatchObject({ status: 4, statusName: '已红冲', reversedAt: expect.any(String) });
    expect((await post('amount', {}, user.token)).data).toMatchObject({ invoiced: 0, invoiceable: order.amount });
    expect((await messagesOf(t.app, user.token))[0]).toMatchObject({ title: '发票已红冲' });
    expect(await post('review/reverse', { id: applied.data.id }, operator)).toMatchObject({ code: 409, msg: '该发票申请已红冲，不能红冲' });
    expect((await post('apply', { titleId: title.data.id, mode: 'orders', orderIds: [order.id] }, user.token)).code).toBe(200);
  });

  it('rejects with a reason the user reads, and the amount is invoiceable again', async () => {
    const user = await customer(1_000_000);
    await paidOrder(user.token);
    const title = await post('title/save', { titleType: 1, invoiceType: 1, name: '王五' }, user.token);
    const applied = await post('apply', { titleId: title.data.id, mode: 'amount', amount: 10_000 }, user.token);
    expect(await post('review/reject', { id: applied.data.id, reason: '' }, operator)).toMatchObject({
      code: 422,
      msg: '驳回原因不能为空',
    });
    const rejected = await post('review/reject', { id: applied.data.id, reason: '抬头与实名信息不符' }, operator);
    expect(rejected.data).toMatchObject({ status: 3, statusName: '已驳回', rejectReason: '抬头与实名信息不符' });
    expect((await messagesOf(t.app, user.token))[0]).toMatchObject({
      title: '发票申请被驳回',
      content: expect.stringContaining('抬头与实名信息不符'),
    });
    expect((await post('amount', {}, user.token)).data.invoiced).toBe(0);
    expect(await post('review/issue', { id: applied.data.id }, operator)).toMatchObject({ code: 409, msg: '该发票申请已驳回，不能开具' });
    expect(await post('review/issue', { id: 2_000_000_000 }, operator)).toMatchObject({ code: 404, msg: '发票申请不存在' });
  });
});
