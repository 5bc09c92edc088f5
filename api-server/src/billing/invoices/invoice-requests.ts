import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InvoiceApplyBody, InvoiceListBody } from '@rc/api-contract/user/invoice';
import type { PageQuery } from '@rc/api-contract/common';
import {
  invoiceRequestOrders,
  invoiceRequests,
  orders,
  users,
  type InvoiceRequestRow,
  type Database,
  type Executor,
} from '../../db/index.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { pageWindow } from '../../lib/index.js';
import { formatYuan } from '../charges.js';
import { ownTitle, titleTypeName, type TitleFields } from './invoice-titles.js';
import { InvoiceState, invoiceStateNames, invoiceableAmount, type InvoiceState as State } from './invoiceable.js';

/** OrderStatusEnum 已支付 */
const paidOrder = 1;

export interface RequestedOrder {
  id: number;
  orderNo: string;
  amount: number;
}

export function newRequestNo(now: Date) {
  return `INV${now.toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(4).toString('hex')}`;
}

/**
 * Holds the user's row for the rest of the transaction, so two requests of one user are decided one
 * after the other and together never exceed the invoiceable amount.
 */
async function lockUser(tx: Executor, userId: number) {
  await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
}

/** The user's own paid orders with a charge, for 按订单开票; each says whether a live request already covers it. */
export async function invoiceableOrders(db: Executor, userId: number, query: PageQuery) {
  const { pageNum, pageSize, offset } = pageWindow(query);
  const where = and(eq(orders.userId, userId), eq(orders.status, paidOrder), sql`${orders.amount} > 0`);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      orderType: orders.orderType,
      amount: orders.amount,
      gmtCreate: orders.createdAt,
      invoiced: sql<boolean>`${invoiceRequestOrders.orderId} is not null`,
    })
    .from(orders)
    .leftJoin(invoiceRequestOrders, eq(invoiceRequestOrders.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(pageSize)
    .offset(offset);
  return { list: rows, total: total?.n ?? 0, pageNum, pageSize };
}

async function pickOrders(tx: Executor, userId: number, orderIds: number[] | undefined): Promise<RequestedOrder[]> {
  if (!orderIds?.length) throw invalid('请选择要开票的订单');
  const found = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      amount: orders.amount,
      status: orders.status,
      linked: invoiceRequestOrders.requestId,
    })
    .from(orders)
    .leftJoin(invoiceRequestOrders, eq(invoiceRequestOrders.orderId, orders.id))
    .where(and(eq(orders.userId, userId), inArray(orders.id, orderIds)));
  for (const id of orderIds) {
    const order = found.find((o) => o.id === id);
    if (!order) throw notFound(`订单不存在：${id}`);
    if (order.status !== paidOrder || order.amount <= 0) throw conflict(`订单 ${order.orderNo} 未支付或无消费金额，不能开票`);
    if (order.linked !== null) throw conflict(`订单 ${order.orderNo} 已开票或正在申请开票`);
  }
  return found.map(({ id, orderNo, amount }) => ({ id, orderNo, amount }));
}

function checkEmail(raw: string | undefined) {
  const email = (raw ?? '').trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid('接收邮箱格式不正确');
  return email;
}

/** What a request asks for: the amount and the orders it covers (none when by amount). */
async function decideAmount(tx: Executor, userId: number, body: InvoiceApplyBody) {
  if (body.mode === 'orders') {
    const picked = await pickOrders(tx, userId, body.orderIds);
    return { amount: picked.reduce((sum, o) => sum + o.amount, 0), picked };
  }
  if (body.amount === undefined) throw invalid('请填写开票金额');
  if (body.amount % 10 !== 0) throw invalid('开票金额应精确到分');
  return { amount: body.amount, picked: [] as RequestedOrder[] };
}

async function checkWithinInvoiceable(tx: Executor, userId: number, amount: number, exceptRequestId?: number) {
  const { invoiceable } = await invoiceableAmount(tx, userId, exceptRequestId);
  if (amount > invoiceable) throw conflict(`开票金额 ¥${formatYuan(amount)} 超过可开票金额 ¥${formatYuan(invoiceable)}`);
}

async function linkOrders(tx: Executor, requestId: number, picked: RequestedOrder[]) {
  if (picked.length) await tx.insert(invoiceRequestOrders).values(picked.map((o) => ({ orderId: o.id, requestId, amount: o.amount })));
}

const unlinkOrders = (tx: Executor, requestId: number) =>
  tx.delete(invoiceRequestOrders).where(eq(invoiceRequestOrders.requestId, requestId));

export async function applyForInvoice(db: Database, userId: number, body: InvoiceApplyBody, now: Date) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const title = await ownTitle(tx, userId, body.titleId);
    const email = checkEmail(body.email);
    const { amount, picked } = await decideAmount(tx, userId, body);
    await checkWithinInvoiceable(tx, userId, amount);
    const [request] = await tx
      .insert(invoiceRequests)
      .values({
        requestNo: newRequestNo(now),
        userId,
        mode: body.mode,
        amount,
        title: titleSnapshot(title),
        orders: picked,
        email,
        remark: (body.remark ?? '').trim(),
        status: InvoiceState.requested,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await linkOrders(tx, request!.id, picked);
    return request!;
  });
}

/** One of the user's own requests, held for the transaction; another user's id is answered as not found. */
export async function ownRequest(tx: Executor, userId: number, id: number, lock = false) {
  const query = tx
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.userId, userId)));
  const [request] = lock ? await query.for('update') : await query;
  if (!request) throw notFound('发票申请不存在');
  return request;
}

function ensureStillRequested(request: InvoiceRequestRow, action: string) {
  if (request.status !== InvoiceState.requested)
    throw conflict(`该发票申请${invoiceStateNames[request.status as State]}，不能${action}（开具前可以${action}）`);
}

export async function updateInvoiceRequest(db: Database, userId: number, id: number, body: InvoiceApplyBody, now: Date) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const request = await ownRequest(tx, userId, id, true);
    ensureStillRequested(request, '修改');
    const title = await ownTitle(tx, userId, body.titleId);
    const email = checkEmail(body.email);
    await unlinkOrders(tx, id);
    const { amount, picked } = await decideAmount(tx, userId, body);
    await checkWithinInvoiceable(tx, userId, amount, id);
    const [updated] = await tx
      .update(invoiceRequests)
      .set({
        mode: body.mode,
        amount,
        title: titleSnapshot(title),
        orders: picked,
        email,
        remark: (body.remark ?? '').trim(),
        updatedAt: now,
      })
      .where(eq(invoiceRequests.id, id))
      .returning();
    await linkOrders(tx, id, picked);
    return updated!;
  });
}

export async function withdrawInvoiceRequest(db: Database, userId: number, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const request = await ownRequest(tx, userId, id, true);
    ensureStillRequested(request, '撤回');
    return endRequest(tx, id, { status: InvoiceState.withdrawn, updatedAt: now });
  });
}

/** Moves a request out of the live states: its orders are free again and its amount is invoiceable again. */
export async function endRequest(tx: Executor, id: number, change: Partial<InvoiceRequestRow> & { status: State }) {
  await unlinkOrders(tx, id);
  const [ended] = await tx.update(invoiceRequests).set(change).where(eq(invoiceRequests.id, id)).returning();
  return ended!;
}

export async function listInvoiceRequests(db: Executor, userId: number | null, query: InvoiceListBody) {
  const { pageNum, pageSize, offset } = pageWindow(query);
  const where = and(
    userId === null ? undefined : eq(invoiceRequests.userId, userId),
    query.status === undefined ? undefined : eq(invoiceRequests.status, query.status),
  );
  const [total] = await db.select({ n: count() }).from(invoiceRequests).where(where);
  const rows = await db
    .select({ request: invoiceRequests, userMobile: users.mobile })
    .from(invoiceRequests)
    .innerJoin(users, eq(users.id, invoiceRequests.userId))
    .where(where)
    .orderBy(desc(invoiceRequests.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total: total?.n ?? 0, pageNum, pageSize };
}

export function titleSnapshot(title: TitleFields): TitleFields {
  const { titleType, invoiceType, name, taxNo, bankName, bankAccount, address, phone } = title;
  return { titleType, invoiceType, name, taxNo, bankName, bankAccount, address, phone };
}

export function requestView(request: InvoiceRequestRow) {
  const title = request.title as TitleFields;
  return {
    id: request.id,
    requestNo: request.requestNo,
    mode: request.mode,
    amount: request.amount,
    title: { ...title, typeName: titleTypeName(title) },
    orders: request.orders as RequestedOrder[],
    email: request.email,
    remark: request.remark,
    status: request.status as State,
    statusName: invoiceStateNames[request.status as State],
    rejectReason: request.rejectReason,
    invoiceNo: request.invoiceNo,
    hasPdf: request.pdfKey !== null,
    gmtCreate: request.createdAt,
    issuedAt: request.issuedAt,
    reversedAt: request.reversedAt,
  };
}
