import { and, count, desc, eq, lte } from 'drizzle-orm';
import { orders, payments, sysConfig, type Executor } from '../../db/index.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { newOrderNo } from '../orders.js';
import type { PaymentsContext } from './context.js';
import { PaymentProviderError, type PaymentProvider } from './provider.js';
import { OrderStatus, orderStatusNames, rechargeOrderType } from './recharge-states.js';
import { settlePayment } from './settle.js';

export const rechargeConfigKey = 'rechargeConfig';

export interface RechargeLimits {
  minAmount: number;
  maxAmount: number;
  presets: number[];
}

const defaultLimits: RechargeLimits = { minAmount: 1_000, maxAmount: 50_000_000, presets: [10_000, 50_000, 100_000, 500_000, 1_000_000] };

/** The bounds and presets of one recharge (sys_config `rechargeConfig`, thousandths of a yuan), ¥1 to ¥50,000 by default. */
export async function rechargeLimits(db: Executor): Promise<RechargeLimits> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, rechargeConfigKey));
  return { ...defaultLimits, ...((row?.value ?? {}) as Partial<RechargeLimits>) };
}

const yuan = (amount: number) => (amount / 1000).toFixed(2);

export async function rechargeOptions(ctx: PaymentsContext) {
  const limits = await rechargeLimits(ctx.db);
  return {
    ...limits,
    methods: [...ctx.providers.byName.values()].map((provider) => ({ code: provider.name, name: provider.label })),
    timeoutMinutes: Math.round(ctx.settings.unpaidTimeoutMs / 60_000),
  };
}

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The payment code as an SVG; qrcode is imported by the first recharge that shows one, not at start-up (issue 31). */
async function qrCodeSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', margin: 1, width: 200 });
}

/** A recharge order and its payment; an order recorded without one (the demo history of an older seed) reads from the order alone. */
async function rechargeView(ctx: PaymentsContext, payment: PaymentRow | null, order: OrderRow) {
  const payable = payment?.status === 'unpaid' && payment.expiresAt > ctx.clock.now();
  const recorded = order.detail as { method?: string; channel?: string; paidAt?: string };
  const method = payment?.provider ?? recorded.method ?? recorded.channel ?? '';
  const paidAt = payment ? payment.paidAt : order.status === OrderStatus.paid ? new Date(recorded.paidAt ?? order.createdAt) : null;
  return {
    orderNo: order.orderNo,
    paymentNo: payment?.paymentNo ?? order.orderNo,
    amount: order.amount,
    method,
    methodName: ctx.providers.byName.get(method)?.label ?? method,
    status: order.status,
    statusName: orderStatusNames[order.status] ?? String(order.status),
    payUrl: payable ? payment.payUrl : null,
    qrCodeSvg: payable && payment.qrCode ? await qrCodeSvg(payment.qrCode) : null,
    expiresAt: payment?.expiresAt ?? order.createdAt,
    paidAt,
    gmtCreate: order.createdAt,
  };
}

function providerOf(ctx: PaymentsContext, name: string): PaymentProvider {
  const provider = ctx.providers.byName.get(name);
  if (!provider) throw conflict('该支付方式暂未开通，请选择其他支付方式');
  return provider;
}

async function loadOwn(ctx: PaymentsContext, userId: number, orderNo: string) {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!row) throw notFound('充值订单不存在');
  return row;
}

async function reload(ctx: PaymentsContext, paymentId: number) {
  const [row] = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  return row!;
}

const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23505';

/** A recharge order and its payment; the same idempotency key again returns the first one. */
export async function createRecharge(
  ctx: PaymentsContext,
  userId: number,
  body: { amount: number; method: string; idempotencyKey: string },
) {
  const replay = async () => {
    const [existing] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, body.idempotencyKey)));
    if (!existing) return null;
    const row = await reload(ctx, existing.id);
    return rechargeView(ctx, row.payment, row.order);
  };
  const first = await replay();
  if (first) return first;

  const limits = await rechargeLimits(ctx.db);
  if (body.amount < limits.minAmount || body.amount > limits.maxAmount) {
    throw invalid(`充值金额须在 ¥${yuan(limits.minAmount)} 至 ¥${yuan(limits.maxAmount)} 之间`);
  }
  if (body.amount % 10 !== 0) throw invalid('充值金额最小单位为分');
  const provider = providerOf(ctx, body.method);
  if (provider.name !== 'sandbox' && !ctx.settings.publicUrl) throw conflict('支付回调地址未配置，请联系管理员');

  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.unpaidTimeoutMs);
  let created: { payment: PaymentRow; order: OrderRow };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const orderNo = newOrderNo(now);
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId,
          orderType: rechargeOrderType,
          billingType: 0,
          status: OrderStatus.unpaid,
          amount: body.amount,
          detail: { method: provider.name },
          createdAt: now,
        })
        .returning();
      const [payment] = await tx
        .insert(payments)
        .values({
          // The provider's out_trade_no is the order number: the cashier, 我的订单 and the invoice show one number.
          paymentNo: orderNo,
          orderId: order!.id,
          userId,
          provider: provider.name,
          amount: body.amount,
          idempotencyKey: body.idempotencyKey,
          expiresAt,
          createdAt: now,
        })
        .returning();
      return { payment: payment!, order: order! };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await replay();
    if (!raced) throw error;
    return raced;
  }

  const base = ctx.settings.publicUrl ?? '';
  try {
    const pay = await provider.create({
      paymentNo: created.payment.paymentNo,
      amount: body.amount,
      subject: `算力云账户充值 ¥${yuan(body.amount)}`,
      expiresAt,
      notifyUrl: `${base}/apis/user/api/pay/notify/${provider.name}`,
      returnUrl: `${base}/account/recharge?orderNo=${created.order.orderNo}`,
    });
    await ctx.db.update(payments).set({ payUrl: pay.payUrl, qrCode: pay.qrCode }).where(eq(payments.id, created.payment.id));
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await markClosed(ctx.db, created.payment.id, created.order.id, OrderStatus.closed, now);
    throw conflict(`${provider.label}下单失败，请稍后重试或选择其他支付方式`, error);
  }
  const row = await reload(ctx, created.payment.id);
  return rechargeView(ctx, row.payment, row.order);
}

async function markClosed(db: Executor, paymentId: number, orderId: number, orderStatus: number, now: Date) {
  const [closed] = await db
    .update(payments)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'unpaid')))
    .returning({ id: payments.id });
  if (closed) await db.update(orders).set({ status: orderStatus }).where(eq(orders.id, orderId));
  return Boolean(closed);
}

/** Asks the provider about a payment not yet known as paid, and settles it if the provider says it is. */
async function settleFromProvider(ctx: PaymentsContext, payment: PaymentRow) {
  if (payment.status === 'paid') return;
  const provider = ctx.providers.byName.get(payment.provider);
  if (!provider) return;
  const trade = await provider.query(payment.paymentNo);
  if (trade.state === 'paid') await settlePayment(ctx.db, provider.name, trade.notice, ctx.clock.now());
}

/** One of the user's recharges, after asking the provider (the return page lands here). */
export async function viewRecharge(ctx: PaymentsContext, userId: number, orderNo: string) {
  const { payment } = await loadOwn(ctx, userId, orderNo);
  try {
    await settleFromProvider(ctx, payment);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
  }
  const row = await reload(ctx, payment.id);
  return rechargeView(ctx, row.payment, row.order);
}

/** 充值记录: the user's recharge orders, newest first; the page and its total come from the same rows. */
export async function listRecharges(ctx: PaymentsContext, userId: number, page: { offset: number; pageSize: number }) {
  const mine = and(eq(orders.userId, userId), eq(orders.orderType, rechargeOrderType));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ payment: payments, order: orders })
      .from(orders)
      .leftJoin(payments, and(eq(payments.userId, userId), eq(payments.orderId, orders.id)))
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.pageSize)
      .offset(page.offset),
    ctx.db.select({ total: count() }).from(orders).where(mine),
  ]);
  return { list: await Promise.all(rows.map((row) => rechargeView(ctx, row.payment, row.order))), total: total?.total ?? 0 };
}

/** The pay link or QR code of an unpaid recharge that has not timed out. */
export async function continueRecharge(ctx: PaymentsContext, userId: number, orderNo: string) {
  const view = await viewRecharge(ctx, userId, orderNo);
  if (view.status === OrderStatus.paid) throw conflict('该订单已支付');
  if (view.status !== OrderStatus.unpaid || view.expiresAt <= ctx.clock.now()) throw conflict('订单已关闭，请重新发起充值');
  return view;
}

/** Closes an unpaid recharge at the provider, then here; one the provider says is paid is settled instead. */
async function closeAtProvider(ctx: PaymentsContext, payment: PaymentRow, order: OrderRow, orderStatus: number): Promise<boolean> {
  const provider = ctx.providers.byName.get(payment.provider);
  if (provider) {
    try {
      await provider.close(payment.paymentNo);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      await settleFromProvider(ctx, payment);
      return false;
    }
  }
  return markClosed(ctx.db, payment.id, order.id, orderStatus, ctx.clock.now());
}

export async function cancelRecharge(ctx: PaymentsContext, userId: number, orderNo: string) {
  const { payment, order } = await loadOwn(ctx, userId, orderNo);
  if (payment.status === 'paid') throw conflict('该订单已支付，不能取消');
  if (payment.status !== 'unpaid') throw conflict('该订单已关闭');
  await closeAtProvider(ctx, payment, order, OrderStatus.cancelled);
  const row = await reload(ctx, payment.id);
  if (row.payment.status === 'paid') throw conflict('该订单已支付，不能取消');
  return rechargeView(ctx, row.payment, row.order);
}

/** The scheduler's step: unpaid recharges past their timeout are closed (or settled, if the provider has them as paid). */
export async function closeExpiredRecharges(ctx: PaymentsContext, limit = 200) {
  const due = await ctx.db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'unpaid'), lte(payments.expiresAt, ctx.clock.now())))
    .limit(limit);
  let closed = 0;
  for (const { payment, order } of due) {
    try {
      if (await closeAtProvider(ctx, payment, order, OrderStatus.closed)) closed += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
    }
  }
  return closed;
}
