import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { ledgerEntries, users } from '../db/schema.js';
import type { Executor } from '../db/open-database.js';
import { conflict } from '../errors.js';

export type LedgerKind = 'grant' | 'recharge' | 'charge' | 'refund';

/**
 * Moves a user's balance by `amount` (thousandths of a yuan, negative to charge) and records the
 * entry. The update itself refuses to go below zero, so concurrent charges cannot overdraw.
 */
export async function applyLedgerEntry(db: Executor, entry: { userId: number; amount: number; kind: LedgerKind; note?: string; at: Date }) {
  const { userId, amount, kind, note = '', at } = entry;
  const [updated] = await db
    .update(users)
    .set({ balance: sql`${users.balance} + ${amount}` })
    .where(and(eq(users.id, userId), gte(sql`${users.balance} + ${amount}`, 0)))
    .returning({ balance: users.balance });
  if (!updated) throw conflict('账户余额不足，请先充值');
  const [written] = await db
    .insert(ledgerEntries)
    .values({ userId, amount, balanceAfter: updated.balance, kind, note, createdAt: at })
    .returning({ id: ledgerEntries.id });
  return { balance: updated.balance, entryId: written!.id };
}

/** The account overview's view of the ledger: money recharged and spent in total, and the ten latest entries. */
export async function ledgerSummary(db: Executor, userId: number) {
  const [totals] = await db
    .select({
      totalRecharge: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'recharge'), 0)`,
      totalConsume: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const recentEntries = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerEntries.kind,
      note: ledgerEntries.note,
      gmtCreate: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.id))
    .limit(10);
  return { totalRecharge: Number(totals?.totalRecharge ?? 0), totalConsume: Number(totals?.totalConsume ?? 0), recentEntries };
}

// Stand-in until the double-entry ledger lands from main (replaced by main's version at merge).
export type LedgerAccount = { kind: 'cash'; userId: number } | { kind: 'clearing'; provider: string };
export async function postTransaction(
  db: Executor,
  t: { kind: string; note: string; at: Date; idempotencyKey?: string; legs: Array<{ account: LedgerAccount; amount: number }> },
) {
  const cash = t.legs.find((leg) => leg.account.kind === 'cash')!;
  const userId = (cash.account as { userId: number }).userId;
  const entry = await applyLedgerEntry(db, { userId, amount: cash.amount, kind: 'grant', note: t.note, at: t.at });
  return { transactionId: entry.entryId, replayed: false, legs: [{ entryId: entry.entryId, balanceAfter: entry.balance }] };
}
