import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { incomeHolds, users, type Database, type Executor } from '../db/index.js';
import { postTransaction } from './ledger.js';

/** What earns income: commission on a referred user's recharge, or (#12) a course sale. */
export type IncomeSourceKind = 'referral' | 'course';

const sourceNames: Record<IncomeSourceKind, string> = { referral: '推荐返佣', course: '课程销售' };
export const incomeSourceName = (kind: string) => sourceNames[kind as IncomeSourceKind] ?? kind;

const dayMs = 86_400_000;

export interface HeldIncome {
  userId: number;
  amount: number;
  sourceKind: IncomeSourceKind;
  /** Unique per kind: the same source earns once, however often it is reported. */
  sourceRef: string;
  fromUserId: number | null;
  baseAmount: number;
  holdDays: number;
  note: string;
  at: Date;
}

/** The platform account income is paid from: commission is a promotion cost, a lecturer's share comes out of the sale's revenue. */
const paidFrom = { referral: { kind: 'promotion' }, course: { kind: 'revenue' } } as const;

/**
 * Books income into the earner's held account (promotion or revenue → income_held) and records when
 * it is released. Answers the hold's id, or null when the source had already earned.
 */
export async function holdIncome(tx: Executor, income: HeldIncome): Promise<number | null> {
  const posted = await postTransaction(tx, {
    kind: `income_${income.sourceKind}`,
    note: income.note,
    at: income.at,
    idempotencyKey: `income:${income.sourceKind}:${income.sourceRef}`,
    legs: [
      { account: paidFrom[income.sourceKind], amount: -income.amount },
      { account: { kind: 'income_held', userId: income.userId }, amount: income.amount },
    ],
  });
  if (posted.replayed) return null;
  const [hold] = await tx
    .insert(incomeHolds)
    .values({
      userId: income.userId,
      sourceKind: income.sourceKind,
      sourceRef: income.sourceRef,
      fromUserId: income.fromUserId,
      baseAmount: income.baseAmount,
      amount: income.amount,
      releaseAt: new Date(income.at.getTime() + income.holdDays * dayMs),
      createdAt: income.at,
    })
    .returning({ id: incomeHolds.id });
  return hold!.id;
}

/** Moves every hold whose time has come from income_held to income, one hold per transaction. Answers how many. */
export async function releaseMaturedIncome(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: incomeHolds.id })
    .from(incomeHolds)
    .where(and(isNull(incomeHolds.releasedAt), lte(incomeHolds.releaseAt, now)))
    .orderBy(asc(incomeHolds.releaseAt))
    .limit(1000);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [hold] = await tx
        .update(incomeHolds)
        .set({ releasedAt: now })
        .where(and(eq(incomeHolds.id, id), isNull(incomeHolds.releasedAt)))
        .returning();
      if (!hold) return false;
      await postTransaction(tx, {
        kind: 'income_release',
        note: `${incomeSourceName(hold.sourceKind)}结算`,
        at: now,
        idempotencyKey: `income-release:${hold.id}`,
        legs: [
          { account: { kind: 'income_held', userId: hold.userId }, amount: -hold.amount },
          { account: { kind: 'income', userId: hold.userId }, amount: hold.amount },
        ],
      });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/** The earnings screen's figures: held, withdrawable, earned in total, and the totals by source. */
export async function incomeSummary(db: Executor, userId: number) {
  const [balances] = await db.select({ held: users.incomeHeld, withdrawable: users.incomeBalance }).from(users).where(eq(users.id, userId));
  const bySource = await db
    .select({ sourceKind: incomeHolds.sourceKind, amount: sql<string>`sum(${incomeHolds.amount})` })
    .from(incomeHolds)
    .where(eq(incomeHolds.userId, userId))
    .groupBy(incomeHolds.sourceKind);
  const sources = bySource.map((row) => ({
    sourceKind: row.sourceKind,
    name: incomeSourceName(row.sourceKind),
    amount: Number(row.amount),
  }));
  return {
    held: balances?.held ?? 0,
    withdrawable: balances?.withdrawable ?? 0,
    totalEarned: sources.reduce((sum, source) => sum + source.amount, 0),
    bySource: sources,
  };
}

/** The income lines of one user, newest first, and how many there are. */
export async function incomeLines(db: Executor, userId: number, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(incomeHolds)
    .where(eq(incomeHolds.userId, userId))
    .orderBy(desc(incomeHolds.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(incomeHolds).where(eq(incomeHolds.userId, userId));
  return { rows, total: total?.n ?? 0 };
}
