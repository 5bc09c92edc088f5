import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DailySpend, MonthStatement, Product, StatementView } from '@rc/api-contract/user/bills';
import { bills, instances } from '../db/schema.js';
import type { Executor } from '../db/open-database.js';

/** Statements and days are cut at Beijing midnight; the zone is inlined so GROUP BY sees the same expression as SELECT. */
const zone = sql.raw(`'Asia/Shanghai'`);
const zoneOffset = '+08:00';
const dayMs = 86_400_000;

const charged = sql<string>`coalesce(sum(${bills.amount}) filter (where ${bills.amount} > 0), 0)`;
const refunded = sql<string>`coalesce(-sum(${bills.amount}) filter (where ${bills.amount} < 0), 0)`;

function money(row: { lines: string | number; charged: string; refunded: string }) {
  const c = Number(row.charged);
  const r = Number(row.refunded);
  return { lines: Number(row.lines), charged: c, refunded: r, amount: c - r };
}

/** The first instant of a Beijing month and of the month after it. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00${zoneOffset}`), to: new Date(`${next}-01T00:00:00${zoneOffset}`) };
}

/** The Beijing month of an instant, `YYYY-MM`. */
export function monthOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** One statement per month with charges, newest first, over the last `months` months up to `now`. */
export async function monthlyStatements(db: Executor, userId: number, product: Product, now: Date, months = 12): Promise<MonthStatement[]> {
  const oldest = monthRange(monthOf(new Date(now.getTime() - (months - 1) * 31 * dayMs))).from;
  const month = sql<string>`to_char(${bills.createdAt} at time zone ${zone}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, lines: sql<string>`count(*)`, charged, refunded })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, product), gte(bills.createdAt, oldest)))
    .groupBy(month)
    .orderBy(sql`1 desc`);
  return rows.map((row) => ({ month: row.month, product, ...money(row) }));
}

/** A month's statement by resource, biggest first. */
export async function statementView(db: Executor, userId: number, product: Product, month: string): Promise<StatementView> {
  const { from, to } = monthRange(month);
  const rows = await db
    .select({
      instanceId: bills.instanceId,
      lines: sql<string>`count(*)`,
      usageSeconds: sql<string>`coalesce(sum(${bills.seconds}) filter (where ${bills.kind} = 'usage'), 0)`,
      charged,
      refunded,
    })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, product), gte(bills.createdAt, from), lt(bills.createdAt, to)))
    .groupBy(bills.instanceId);
  const names = new Map(
    (await db.select({ id: instances.id, name: instances.name }).from(instances).where(eq(instances.userId, userId))).map((i) => [
      i.id,
      i.name,
    ]),
  );
  const resources = rows
    .map((row) => ({
      instanceId: row.instanceId,
      instanceName: row.instanceId === null ? null : (names.get(row.instanceId) ?? null),
      usageSeconds: Number(row.usageSeconds),
      ...money(row),
    }))
    .sort((a, b) => b.amount - a.amount || (a.instanceId ?? 0) - (b.instanceId ?? 0));
  const totals = resources.reduce(
    (sum, r) => ({
      lines: sum.lines + r.lines,
      charged: sum.charged + r.charged,
      refunded: sum.refunded + r.refunded,
      amount: sum.amount + r.amount,
    }),
    { lines: 0, charged: 0, refunded: 0, amount: 0 },
  );
  return { month, product, resources, totals };
}

/** Net spend per Beijing day and product over the last `days` days up to `now`, every day present (zero when nothing was charged). */
export async function dailySpend(db: Executor, userId: number, now: Date, days: number): Promise<DailySpend> {
  const today = new Date(`${new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00${zoneOffset}`);
  const from = new Date(today.getTime() - (days - 1) * dayMs);
  const dayList = Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * dayMs + 8 * 3_600_000).toISOString().slice(0, 10));
  const day = sql<string>`to_char(${bills.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, product: bills.product, amount: sql<string>`sum(${bills.amount})` })
    .from(bills)
    .where(and(eq(bills.userId, userId), gte(bills.createdAt, from)))
    .groupBy(day, bills.product);
  const products = [...new Set(['gpu', ...rows.map((row) => row.product)])].sort();
  const series = products.map((product) => ({
    product,
    amounts: dayList.map((d) => Number(rows.find((row) => row.day === d && row.product === product)?.amount ?? 0)),
  }));
  return { days: dayList, series };
}
