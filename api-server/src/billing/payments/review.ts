import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { type Executor, orders, payments, users } from '../../db/index.js';
import { conflict, notFound } from '../../errors.js';

/** Payments that arrived after their order closed, credited and waiting for an operator to check them; newest first. */
export async function flaggedRecharges(db: Executor, page: { offset: number; pageSize: number }, includeReviewed: boolean) {
  const flagged = includeReviewed
    ? eq(payments.flaggedForReview, true)
    : and(eq(payments.flaggedForReview, true), isNull(payments.reviewedAt));
  const [list, [total]] = await Promise.all([
    db
      .select({
        paymentNo: payments.paymentNo,
        orderNo: orders.orderNo,
        userId: payments.userId,
        mobile: users.mobile,
        amount: payments.amount,
        method: payments.provider,
        providerTradeNo: payments.providerTradeNo,
        expiresAt: payments.expiresAt,
        paidAt: payments.paidAt,
        reviewedAt: payments.reviewedAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(users, eq(users.id, payments.userId))
      .where(flagged)
      .orderBy(desc(payments.id))
      .limit(page.pageSize)
      .offset(page.offset),
    db.select({ total: count() }).from(payments).where(flagged),
  ]);
  return { list, total: total?.total ?? 0 };
}

/** 已核对: the operator checked a late payment against the provider's statement. */
export async function markReviewed(db: Executor, paymentNo: string, operatorId: number, now: Date) {
  const [reviewed] = await db
    .update(payments)
    .set({ reviewedAt: now, reviewedBy: operatorId })
    .where(and(eq(payments.paymentNo, paymentNo), eq(payments.flaggedForReview, true), isNull(payments.reviewedAt)))
    .returning({ paymentNo: payments.paymentNo });
  if (reviewed) return;
  const [payment] = await db.select({ flagged: payments.flaggedForReview }).from(payments).where(eq(payments.paymentNo, paymentNo));
  if (!payment?.flagged) throw notFound('待核对的充值不存在');
  throw conflict('该充值已核对');
}
