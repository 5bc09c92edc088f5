import { randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { IssueVoucherBatchBody, VoucherBatchView, VoucherScope } from '@rc/api-contract/user/voucher';
import { voucherBatches, vouchers, type Database } from '../../db/index.js';
import { conflict, invalid } from '../../errors.js';

/** 12 characters without the look-alikes 0/O and 1/I/L. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newCode() {
  return [...randomBytes(12)].map((byte) => codeAlphabet[byte % codeAlphabet.length]).join('');
}

type BatchRow = typeof voucherBatches.$inferSelect;

export function voucherBatchView(batch: BatchRow, counts: { redeemed: number; used: number }): VoucherBatchView {
  return {
    id: batch.id,
    name: batch.name,
    amount: batch.amount,
    minSpend: batch.minSpend,
    scope: batch.scope as VoucherScope,
    validFrom: batch.validFrom.toISOString(),
    validUntil: batch.validUntil.toISOString(),
    count: batch.count,
    redeemed: counts.redeemed,
    used: counts.used,
    sharedCode: batch.sharedCode,
    perUserLimit: batch.perUserLimit,
    createdAt: batch.createdAt.toISOString(),
  };
}

/** An operator issues `count` vouchers: each with its own code, or all behind one shared code with a per-user limit. */
export async function issueVoucherBatch(db: Database, operatorId: number, body: IssueVoucherBatchBody, now: Date) {
  const validFrom = new Date(body.validFrom);
  const validUntil = new Date(body.validUntil);
  if (!(validUntil > validFrom)) throw invalid('有效期结束时间须晚于开始时间');
  if (validUntil <= now) throw invalid('有效期结束时间须晚于当前时间');
  const sharedCode = body.sharedCode?.toUpperCase() ?? null;
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        name: body.name.trim(),
        amount: body.amount,
        minSpend: body.minSpend,
        scope: body.scope,
        validFrom,
        validUntil,
        count: body.count,
        sharedCode,
        perUserLimit: sharedCode ? (body.perUserLimit ?? 1) : 1,
        issuedBy: operatorId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!batch) throw conflict('该共享兑换码已被其他批次使用');
    const codes = sharedCode ? [] : Array.from({ length: body.count }, newCode);
    const rows = Array.from({ length: body.count }, (_, i) => ({ batchId: batch.id, code: codes[i] ?? null, amount: batch.amount }));
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(vouchers).values(rows.slice(start, start + 1000));
    return { batch: voucherBatchView(batch, { redeemed: 0, used: 0 }), codes };
  });
}

/** Every batch, newest first, with how many of its vouchers were redeemed and used. */
export async function listVoucherBatches(db: Database) {
  const counts = db
    .select({
      batchId: vouchers.batchId,
      redeemed: sql<number>`count(${vouchers.userId})::int`.as('redeemed'),
      used: sql<number>`count(${vouchers.usedAt})::int`.as('used'),
    })
    .from(vouchers)
    .groupBy(vouchers.batchId)
    .as('counts');
  const rows = await db
    .select({ batch: voucherBatches, redeemed: counts.redeemed, used: counts.used })
    .from(voucherBatches)
    .leftJoin(counts, sql`${counts.batchId} = ${voucherBatches.id}`)
    .orderBy(desc(voucherBatches.id))
    .limit(200);
  return rows.map((row) => voucherBatchView(row.batch, { redeemed: Number(row.redeemed ?? 0), used: Number(row.used ?? 0) }));
}
