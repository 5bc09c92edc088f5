import { eq } from 'drizzle-orm';
import { bills, users, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { applyLedgerEntry, postTransaction } from './ledger.js';
import { attachVoucher, type VoucherPart } from './vouchers/voucher-use.js';

export interface Charge {
  userId: number;
  /** Thousandths of a yuan; positive takes from the balance, negative gives back. */
  amount: number;
  /** `gpu_usage`: an HPC job's GPU-seconds, priced apart from its core-seconds (`usage`). */
  kind: 'usage' | 'gpu_usage' | 'package' | 'renew' | 'disk' | 'refund' | 'course';
  /** What was billed; 'gpu' by default. */
  product?: 'gpu' | 'storage' | 'hpc' | 'course';
  note: string;
  now: Date;
  instanceId?: number;
  orderId?: number;
  seconds?: number;
  dayRate?: number;
  periodStart?: Date;
  periodEnd?: Date;
  /** The voucher (代金券) spent on this charge and the part of `amount` it pays; the balance pays the rest. */
  voucher?: VoucherPart;
}

/** The account whose balance pays for `userId`: the main account when it shares its balance with this sub-account. */
export async function payerOf(tx: Executor, userId: number): Promise<number> {
  const [user] = await tx.select({ parentId: users.parentId, shareBalance: users.shareBalance }).from(users).where(eq(users.id, userId));
  return user?.parentId && user.shareBalance ? user.parentId : userId;
}

export async function payerBalance(tx: Executor, userId: number): Promise<number> {
  const [payer] = await tx
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, await payerOf(tx, userId)));
  return payer?.balance ?? 0;
}

export function formatYuan(thousandths: number) {
  return (thousandths / 1000).toFixed(2);
}

/** Pay-as-you-go starts only when the payer can pay its first hour. */
export async function ensureCanPayAnHour(tx: Executor, userId: number, hourAmount: number) {
  if ((await payerBalance(tx, userId)) < hourAmount)
    throw conflict(`账户余额不足：按量计费需至少可支付1小时费用（¥${formatYuan(hourAmount)}），请先充值`);
}

/** One bill line of a charge: what it counts and at what day rate (per instance, or per core or GPU for HPC). */
export type ChargePart = Pick<Charge, 'kind' | 'amount' | 'seconds' | 'dayRate'> & { note?: string };

/**
 * Moves the payer's balance through the ledger and writes the bill line (under the instance's
 * owner) that explains it. Refuses to overdraw.
 */
export async function charge(tx: Executor, c: Charge) {
  await chargeInParts(tx, c, [c]);
}

/**
 * One movement of the payer's balance (the sum of the parts) explained by one bill line per part that
 * moves money: an HPC job's core-hours and GPU-hours, each at its own unit price.
 */
export async function chargeInParts(tx: Executor, c: Omit<Charge, keyof ChargePart> & { note: string }, parts: ChargePart[]) {
  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  if (amount === 0) return;
  const payer = await payerOf(tx, c.userId);
  const { entryId } = c.voucher
    ? await chargeWithVoucher(tx, { payer, amount, voucher: c.voucher, note: c.note, now: c.now, instanceId: c.instanceId })
    : await applyLedgerEntry(tx, {
        userId: payer,
        amount: -amount,
        kind: amount > 0 ? 'charge' : 'refund',
        note: c.note.slice(0, 200),
        at: c.now,
      });
  const lines = parts.filter((part) => part.amount !== 0);
  await tx.insert(bills).values(
    lines.map((part) => ({
      userId: c.userId,
      instanceId: c.instanceId,
      orderId: c.orderId,
      ledgerEntryId: entryId,
      kind: part.kind,
      product: c.product ?? 'gpu',
      amount: part.amount,
      seconds: part.seconds ?? 0,
      dayRate: part.dayRate ?? 0,
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      note: part.note ?? c.note,
      createdAt: c.now,
    })),
  );
}

/**
 * Revenue takes the whole amount: the voucher's part from the vouchers account, the rest (the cash part, the only part
 * that counts as a charge of the balance and so the only part invoiced) from the payer's balance.
 */
async function chargeWithVoucher(
  tx: Executor,
  o: { payer: number; amount: number; voucher: VoucherPart; note: string; now: Date; instanceId?: number },
) {
  const cash = o.amount - o.voucher.amount;
  const legs = [
    { account: { kind: 'vouchers' as const }, amount: -o.voucher.amount },
    { account: { kind: 'revenue' as const }, amount: o.amount },
  ];
  const posted = await postTransaction(tx, {
    kind: 'charge',
    note: o.note.slice(0, 200),
    at: o.now,
    legs: cash > 0 ? [{ account: { kind: 'cash', userId: o.payer }, amount: -cash }, ...legs] : legs,
  });
  await attachVoucher(tx, o.voucher, o.instanceId);
  return { entryId: posted.legs[0]!.entryId };
}
