import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { VoucherScope, VoucherState, VoucherView } from '@rc/api-contract/user/voucher';
import { users, voucherBatches, vouchers, type Database } from '../../db/index.js';
import { conflict, notFound } from '../../errors.js';
import { postTransaction } from '../ledger.js';

type BatchRow = typeof voucherBatches.$inferSelect;

function ensureRedeemable(batch: BatchRow, now: Date) {
  if (now < batch.validFrom) throw conflict('该代金券尚未到领取时间');
  if (now >= batch.validUntil) throw conflict('该代金券已过期');
}

/**
 * The user redeems a code: a voucher's own code, or a batch's shared code (one of its unclaimed vouchers, at most the
 * batch's per-user limit). The voucher's value moves from promotion into the vouchers account of the ledger.
 */
export async function redeemVoucher(db: Database, userId: number, code: string, now: Date) {
  const wanted = code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    // One redemption of a user at a time, so the per-user limit holds under concurrent redemptions.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [shared] = await tx.select().from(voucherBatches).where(eq(voucherBatches.sharedCode, wanted));
    let claimedId: number;
    let batch: BatchRow;
    if (shared) {
      batch = shared;
      ensureRedeemable(batch, now);
      const [mine] = await tx
        .select({ n: count() })
        .from(vouchers)
        .where(and(eq(vouchers.batchId, batch.id), eq(vouchers.userId, userId)));
      if ((mine?.n ?? 0) >= batch.perUserLimit) throw conflict(`该兑换码每人限领 ${batch.perUserLimit} 张，你已领完`);
      const [free] = await tx
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(and(eq(vouchers.batchId, batch.id), isNull(vouchers.userId)))
        .orderBy(asc(vouchers.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!free) throw conflict('该代金券已被领完');
      claimedId = free.id;
    } else {
      const [found] = await tx
        .select({ voucher: vouchers, batch: voucherBatches })
        .from(vouchers)
        .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
        .where(eq(vouchers.code, wanted))
        .for('update', { of: vouchers });
      if (!found) throw notFound('兑换码不存在，请检查后重新输入');
      if (found.voucher.userId !== null) throw conflict('该兑换码已被使用');
      batch = found.batch;
      ensureRedeemable(batch, now);
      claimedId = found.voucher.id;
    }
    await tx.update(vouchers).set({ userId, redeemedAt: now }).where(eq(vouchers.id, claimedId));
    await postTransaction(tx, {
      kind: 'voucher',
      note: `兑换代金券「${batch.name}」`,
      at: now,
      legs: [
        { account: { kind: 'promotion' }, amount: -batch.amount },
        { account: { kind: 'vouchers' }, amount: batch.amount },
      ],
    });
    return { id: claimedId, name: batch.name, amount: batch.amount };
  });
}

export function voucherState(v: { usedAt: Date | null; validUntil: Date }, now: Date): VoucherState {
  if (v.usedAt) return 'used';
  return v.validUntil <= now ? 'expired' : 'available';
}

/** The user's vouchers (可用 first, soonest to expire first), optionally of one state. */
export async function listVouchers(db: Database, userId: number, now: Date, state?: VoucherState): Promise<VoucherView[]> {
  const rows = await db
    .select({
      id: vouchers.id,
      name: voucherBatches.name,
      amount: vouchers.amount,
      minSpend: voucherBatches.minSpend,
      scope: voucherBatches.scope,
      validUntil: voucherBatches.validUntil,
      usedAt: vouchers.usedAt,
      usedAmount: vouchers.usedAmount,
    })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(eq(vouchers.userId, userId))
    .orderBy(sql`${vouchers.usedAt} is not null`, asc(voucherBatches.validUntil), asc(vouchers.id));
  return rows
    .map((row) => ({
      ...row,
      scope: row.scope as VoucherScope,
      validUntil: row.validUntil.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
      state: voucherState(row, now),
    }))
    .filter((row) => !state || row.state === state);
}
