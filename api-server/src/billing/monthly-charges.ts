import { and, eq, gte, sql } from 'drizzle-orm';
import { bills, type Executor } from '../db/index.js';

const chinaOffsetMs = 8 * 3_600_000;

/** The first instant of the calendar month (China time) that `now` falls in, and its 'YYYY-MM'. */
export function chinaMonth(now: Date) {
  const local = new Date(now.getTime() + chinaOffsetMs);
  const start = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - chinaOffsetMs);
  return { start, key: local.toISOString().slice(0, 7) };
}

/** What the sub-account's instances were charged since the month began (refunds deducted). */
export async function chargedThisMonth(db: Executor, subId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bills.amount}), 0)` })
    .from(bills)
    .where(and(eq(bills.userId, subId), gte(bills.createdAt, chinaMonth(now).start)));
  return Number(row?.total ?? 0);
}
