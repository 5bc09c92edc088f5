import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { LedgerListBody, LedgerView } from '@rc/api-contract/user/bills';
import { bills, ledgerEntries, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { billColumns, toBillLines } from './bill-lines.js';

const columns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amount: ledgerEntries.amount,
  // Always set on a user's cash entries.
  balanceAfter: sql<number>`coalesce(${ledgerEntries.balanceAfter}, 0)`.mapWith(Number),
  note: ledgerEntries.note,
  gmtCreate: ledgerEntries.createdAt,
};

/** The user's own balance (the cash account); income is the earnings screen's. */
const ownCash = (userId: number) => and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash'));

/** 收支明细: a page of the movements of the user's own balance, newest first, with the income and expense of the whole filter. */
export async function ledgerPage(db: Executor, userId: number, body: LedgerListBody, limit: number, offset: number) {
  const where = and(
    ownCash(userId),
    body.kind ? eq(ledgerEntries.kind, body.kind) : undefined,
    body.startTime ? gte(ledgerEntries.createdAt, new Date(body.startTime)) : undefined,
    body.endTime ? lt(ledgerEntries.createdAt, new Date(body.endTime)) : undefined,
  );
  const list = await db
    .select(columns)
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db
    .select({
      total: count(),
      income: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      expense: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(where);
  return {
    list: list.map((row) => ({ ...row, gmtCreate: row.gmtCreate.toISOString() })),
    total: totals?.total ?? 0,
    income: Number(totals?.income ?? 0),
    expense: Number(totals?.expense ?? 0),
  };
}

/** One movement of the user's balance and the bill lines it paid for; another user's entry is not found. */
export async function ledgerView(db: Executor, userId: number, id: number): Promise<LedgerView> {
  const [entry] = await db
    .select(columns)
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), ownCash(userId)));
  if (!entry) throw notFound('收支记录不存在');
  const lines = await db.select(billColumns).from(bills).where(eq(bills.ledgerEntryId, id)).orderBy(bills.id).limit(500);
  return { ...entry, gmtCreate: entry.gmtCreate.toISOString(), bills: await toBillLines(db, lines) };
}
