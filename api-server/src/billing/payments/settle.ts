import { and, eq, ne, sql } from 'drizzle-orm';
import { type Database, orders, payments } from '../../db/index.js';
import { postTransaction } from '../ledger.js';
import { awardReferralCommission } from '../referral.js';
import { OrderStatus } from './recharge-states.js';
import type { PaidNotice } from './provider.js';

export type Settlement =
  | { outcome: 'settled'; paymentId: number; userId: number; amount: number; flaggedForReview: boolean }
  | { outcome: 'replayed'; paymentId: number }
  | { outcome: 'refused'; reason: string };

/**
 * The one guarded step that credits a payment, whoever learned of it first (the provider's notification,
 * the user's return page, an active query or the closing job): in one transaction the payment moves to paid
 * only if it was not paid yet, then the ledger moves the money from the provider's clearing account to the
 * user's cash under a key unique to the provider's trade, the order becomes paid and whoever referred the user
 * earns their commission on it. A payment that arrives after its order closed is still credited, flagged for
 * an operator to check.
 */
export async function settlePayment(db: Database, provider: string, notice: PaidNotice, now: Date): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.paymentNo, notice.paymentNo), eq(payments.provider, provider)));
    if (!payment) return { outcome: 'refused', reason: '支付单不存在' };
    if (notice.amount !== payment.amount) {
      return { outcome: 'refused', reason: `金额不符：通知 ${notice.amount}，支付单 ${payment.amount}（千分之一元）` };
    }
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'paid',
        providerTradeNo: notice.providerTradeNo,
        paidAt: notice.paidAt,
        flaggedForReview: sql`${payments.status} = 'closed' or ${payments.expiresAt} < ${notice.paidAt}`,
      })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid')))
      .returning();
    if (!paid) return { outcome: 'replayed', paymentId: payment.id };
    const [order] = await tx
      .update(orders)
      .set({ status: OrderStatus.paid })
      .where(eq(orders.id, payment.orderId))
      .returning({ orderNo: orders.orderNo });
    await postTransaction(tx, {
      kind: 'recharge',
      note: `充值 订单号 ${order!.orderNo}（${provider} 交易号 ${notice.providerTradeNo}）`,
      at: now,
      idempotencyKey: `pay:${provider}:${notice.providerTradeNo}`,
      legs: [
        { account: { kind: 'clearing', provider }, amount: -payment.amount },
        { account: { kind: 'cash', userId: payment.userId }, amount: payment.amount },
      ],
    });
    await awardReferralCommission(tx, { referredUserId: payment.userId, rechargeAmount: payment.amount, source: order!.orderNo, at: now });
    return {
      outcome: 'settled',
      paymentId: payment.id,
      userId: payment.userId,
      amount: payment.amount,
      flaggedForReview: paid.flaggedForReview,
    };
  });
}
