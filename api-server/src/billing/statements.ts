import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DailySpend, MonthStatement, Product, StatementView } from '@rc/api-contract/user/bills';
import { billDays, bills, instances, type Executor } from '../db/index.js';

// Statements and days are Beijing days, summed from `bill_days`.
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

const lines = sql<string>`sum(${billDays.lines})`;
const charged = sql<string>`sum(${billDays.charged})`;
const refunded = sql<string>`sum(${billDays.refunded})`;

function money(row: { lines: string | number; charged: string; refunded: string }) {
  const c = Number(row.charged);
  const r = Number(row.refunded);
  return { lines: Number(row.lines), charged: c, refunded: r, amount: c - r };
}

/** The Beijing day of an instant, `YYYY-MM-DD`. */
function dayOf(at: Date): string {
  return new Date(at.getTime() + 8 * hourMs).toISOString().slice(0, 10);
}

/** The first day of a month and of the month after it. */
function monthDays(month: string): { from: string; to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** One statement per month with charges, newest first, over the last `months` months up to `now`. */
export async function monthlyStatements(db: Executor, userId: number, product: Product, now: Date, months = 12): Promise<MonthStatement[]> {
  const oldest = `${dayOf(new Date(now.getTime() - (months - 1) * 31 * dayMs)).slice(0, 7)}-01`;
  const month = sql<string>`to_char(${billDays.day}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, lines, charged, refunded })
    .from(billDays)
    .where(and(eq(billDays.userId, userId), eq(billDays.product, product), gte(billDays.day, oldest)))
    .groupBy(month)
    .orderBy(sql`1 desc`);
  return rows.map((row) => ({ month: row.month, product, ...money(row) }));
}

/**
 * Storage and HPC lines belong to no instance: a month of them by what the label that starts each
 * line's note names (网盘（华东二区）, 云盘（华南一区）; 超算（默认集群·cpu）, 超算资源包). The label runs to
 * its closing bracket, so a cluster name with spaces stays whole, or else to the first space. A disk's
 * lines are one a day and a job's one per job, so reading the lines is cheap.
 */
async function labelledResources(db: Executor, userId: number, product: 'storage' | 'hpc', from: string, to: string) {
  const label = sql<string>`substring(${bills.note} from '^([^ （]*（[^）]*）|[^ ]+)')`;
  const beijingDay = sql`(${bills.createdAt} at time zone 'Asia/Shanghai')::date`;
  const rows = await db
    .select({
      label,
      lines: sql<string>`count(*)`,
      charged: sql<string>`coalesce(sum(greatest(${bills.amount}, 0)), 0)`,
      refunded: sql<string>`coalesce(sum(greatest(-${bills.amount}, 0)), 0)`,
    })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, product), sql`${beijingDay} >= ${from}::date`, sql`${beijingDay} < ${to}::date`))
    .groupBy(label);
  return rows.map((row) => ({ instanceId: null, instanceName: row.label, usageSeconds: 0, ...money(row) }));
}

function totalsOf(resources: Array<{ lines: number; charged: number; refunded: number; amount: number }>) {
  return resources.reduce(
    (sum, r) => ({
      lines: sum.lines + r.lines,
      charged: sum.charged + r.charged,
      refunded: sum.refunded + r.refunded,
      amount: sum.amount + r.amount,
    }),
    { lines: 0, charged: 0, refunded: 0, amount: 0 },
  );
}

/** A month's statement by resource, biggest first. */
export async function statementView(db: Executor, userId: number, product: Product, month: string): Promise<StatementView> {
  const { from, to } = monthDays(month);
  if (product === 'storage' || product === 'hpc') {
    const resources = (await labelledResources(db, userId, product, from, to)).sort(
      (a, b) => b.amount - a.amount || a.instanceName.localeCompare(b.instanceName),
    );
    return { month, product, resources, totals: totalsOf(resources) };
  }
  const rows = await db
    .select({ instanceId: billDays.instanceId, lines, usageSeconds: sql<string>`sum(${billDays.usageSeconds})`, charged, refunded })
    .from(billDays)
    .where(and(eq(billDays.userId, userId), eq(billDays.product, product), gte(billDays.day, from), lt(billDays.day, to)))
    .groupBy(billDays.instanceId);
  const names = new Map(
    (await db.select({ id: instances.id, name: instances.name }).from(instances).where(eq(instances.userId, userId))).map((i) => [
      i.id,
      i.name,
    ]),
  );
  const resources = rows
    .map((row) => ({
      instanceId: row.instanceId || null,
      instanceName: names.get(row.instanceId) ?? null,
      usageSeconds: Number(row.usageSeconds),
      ...money(row),
    }))
    .sort((a, b) => b.amount - a.amount || (a.instanceId ?? 0) - (b.instanceId ?? 0));
  return { month, product, resources, totals: totalsOf(resources) };
}

/** Net spend per Beijing day and product over the last `days` days up to `now`, every day present (zero when nothing was charged). */
export async function dailySpend(db: Executor, userId: number, now: Date, days: number): Promise<DailySpend> {
  const today = new Date(`${dayOf(now)}T00:00:00Z`).getTime();
  const dayList = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * dayMs).toISOString().slice(0, 10));
  const rows = await db
    .select({ day: billDays.day, product: billDays.product, amount: sql<string>`sum(${billDays.charged} - ${billDays.refunded})` })
    .from(billDays)
    .where(and(eq(billDays.userId, userId), gte(billDays.day, dayList[0]!)))
    .groupBy(billDays.day, billDays.product);
  const products = [...new Set(['gpu', ...rows.map((row) => row.product)])].sort();
  const series = products.map((product) => ({
    product,
    amounts: dayList.map((d) => Number(rows.find((row) => row.day === d && row.product === product)?.amount ?? 0)),
  }));
  return { days: dayList, series };
}
