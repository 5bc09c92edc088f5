import { randomBytes } from 'node:crypto';
import { orders, type Executor } from '../db/index.js';
import { charge, type Charge } from './charges.js';

/** OrderTypeEnum 8 HPC_PACKAGE: a core-hour package (超算资源包). */
export const hpcPackageOrderType = 8;

export interface NewOrder {
  userId: number;
  /** null for an order that is not about an instance (a course). */
  instanceId: number | null;
  orderType: number;
  billingType: number;
  /** Thousandths of a yuan; negative for a refund. */
  amount: number;
  detail: Record<string, unknown>;
  now: Date;
}

export function newOrderNo(now: Date) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(5).toString('hex')}`;
}

export async function recordOrder(tx: Executor, o: NewOrder) {
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: newOrderNo(o.now),
      userId: o.userId,
      instanceId: o.instanceId,
      orderType: o.orderType,
      billingType: o.billingType,
      status: 1,
      amount: o.amount,
      detail: o.detail,
      createdAt: o.now,
    })
    .returning();
  return order!;
}

/** Records the order and charges (or refunds) its amount to the payer, with a bill line explaining it. */
export async function placeOrder(tx: Executor, o: NewOrder, bill: Pick<Charge, 'kind' | 'note' | 'periodStart' | 'periodEnd' | 'voucher'>) {
  const order = await recordOrder(tx, o);
  await charge(tx, { ...bill, userId: o.userId, amount: o.amount, now: o.now, instanceId: o.instanceId ?? undefined, orderId: order.id });
  return order;
}
