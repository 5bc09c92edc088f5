import { and, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { UsableVoucher, VoucherScope } from '@rc/api-contract/user/voucher';
import { voucherBatches, vouchers, type Executor } from '../../db/index.js';
import { conflict, invalid } from '../../errors.js';
import { postTransaction } from '../ledger.js';

/** A voucher spent on an order: its id and the part of the order's amount it pays. */
export interface VoucherPart {
  id: number;
  amount: number;
}

export const spentVoucherMessage = '代金券已使用或已过期，请重新确认';

const usableNow = (now: Date) => and(lte(voucherBatches.validFrom, now), gt(voucherBatches.validUntil, now));

/**
 * The user's vouchers of `scope` usable on an order of `price` now, each with what it takes off (its value, at most the
 * price): the most taken off first, then the soonest to expire.
 */
export async function usableVouchers(
  db: Executor,
  userId: number,
  scope: VoucherScope,
  price: number,
  now: Date,
): Promise<UsableVoucher[]> {
  if (price <= 0) return [];
  const rows = await db
    .select({ id: vouchers.id, name: voucherBatches.name, amount: vouchers.amount, validUntil: voucherBatches.validUntil })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(
      and(
        eq(vouchers.userId, userId),
        isNull(vouchers.usedAt),
        gt(vouchers.amount, 0),
        eq(voucherBatches.scope, scope),
        lte(voucherBatches.minSpend, price),
        usableNow(now),
      ),
    );
  return rows
    .map((row) => ({ id: row.id, name: row.name, amount: Math.min(row.amount, price), validUntil: row.validUntil }))
    .sort((a, b) => b.amount - a.amount || a.validUntil.getTime() - b.validUntil.getTime() || a.id - b.id)
    .map((row) => ({ ...row, validUntil: row.validUntil.toISOString() }));
}

/** The voucher a quote uses: the best usable one when none is chosen, none for 0, else the chosen one if usable. */
export function chosenVoucher(usable: UsableVoucher[], choice: number | undefined): UsableVoucher | null {
  if (choice === 0) return null;
  if (choice === undefined) return usable[0] ?? null;
  const chosen = usable.find((voucher) => voucher.id === choice);
  if (!chosen) throw invalid('该代金券不能用于本订单');
  return chosen;
}

/**
 * Marks the quoted voucher used by an order of `price`, in the order's transaction: a conditional update, so of any
 * number of simultaneous payments with one voucher exactly one spends it and the others are refused.
 */
export async function spendVoucher(tx: Executor, o: { voucherId: number; userId: number; price: number; now: Date }): Promise<VoucherPart> {
  const [spent] = await tx
    .update(vouchers)
    .set({ usedAt: o.now, usedAmount: sql`least(${vouchers.amount}, ${o.price})` })
    .where(
      and(
        eq(vouchers.id, o.voucherId),
        eq(vouchers.userId, o.userId),
        isNull(vouchers.usedAt),
        sql`exists (select 1 from ${voucherBatches} where ${voucherBatches.id} = ${vouchers.batchId}
          and ${voucherBatches.validFrom} <= ${o.now} and ${voucherBatches.validUntil} > ${o.now} and ${voucherBatches.minSpend} <= ${o.price})`,
      ),
    )
    .returning({ id: vouchers.id, amount: vouchers.usedAmount });
  if (!spent) throw conflict(spentVoucherMessage);
  return spent;
}

/** The instance an order's voucher paid for, so a later refund of that instance finds it. */
export async function attachVoucher(tx: Executor, voucher: VoucherPart, instanceId: number | undefined) {
  if (instanceId !== undefined) await tx.update(vouchers).set({ instanceId }).where(eq(vouchers.id, voucher.id));
}

/** The vouchers an instance's orders used, latest first, each with whether it is still valid at `now`. */
async function vouchersOfInstance(tx: Executor, instanceId: number, now: Date) {
  const rows = await tx
    .select({ id: vouchers.id, usedAmount: vouchers.usedAmount, validUntil: voucherBatches.validUntil })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(and(eq(vouchers.instanceId, instanceId), isNotNull(vouchers.usedAt)))
    .orderBy(desc(vouchers.usedAt), desc(vouchers.id));
  return rows.map((row) => ({ ...row, valid: row.validUntil > now }));
}

/**
 * How a refund of `refund` on an instance splits: the part its vouchers paid (at most what they paid, latest voucher
 * first) goes back to each voucher still valid and to nothing for an expired one; the rest goes back to the balance.
 */
export async function refundSplit(tx: Executor, instanceId: number, refund: number, now: Date) {
  let left = refund;
  const parts: Array<{ id: number; amount: number; valid: boolean }> = [];
  for (const voucher of await vouchersOfInstance(tx, instanceId, now)) {
    if (left <= 0) break;
    const amount = Math.min(left, voucher.usedAmount);
    parts.push({ id: voucher.id, amount, valid: voucher.valid });
    left -= amount;
  }
  return { cash: left, toVouchers: parts.filter((p) => p.valid).reduce((s, p) => s + p.amount, 0), parts };
}

/**
 * Gives the voucher part of an instance's refund back: a still valid voucher becomes usable again with the part refunded
 * as its value (revenue → vouchers in the ledger); an expired one keeps nothing. Answers the part left for the balance.
 */
export async function refundToVouchers(tx: Executor, o: { instanceId: number; refund: number; note: string; now: Date }) {
  const split = await refundSplit(tx, o.instanceId, o.refund, o.now);
  for (const part of split.parts) {
    await tx
      .update(vouchers)
      .set(part.valid ? { usedAt: null, usedAmount: 0, amount: part.amount, instanceId: null } : { instanceId: null })
      .where(eq(vouchers.id, part.id));
  }
  if (split.toVouchers > 0)
    await postTransaction(tx, {
      kind: 'voucher_refund',
      note: o.note,
      at: o.now,
      legs: [
        { account: { kind: 'revenue' }, amount: -split.toVouchers },
        { account: { kind: 'vouchers' }, amount: split.toVouchers },
      ],
    });
  return split.cash;
}

/** What a bill line adds when a voucher paid part of it. */
export function voucherNote(voucher: VoucherPart | undefined) {
  return voucher ? `（代金券抵扣 ¥${(voucher.amount / 1000).toFixed(2)}）` : '';
}
