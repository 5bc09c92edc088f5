import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { BillFilter, BillLine, BillTotals } from '@rc/api-contract/user/bills';
import { billDays, bills, instances, ledgerEntries, orders, preparedQuery, type Database, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';

const dayMs = 86_400_000;

/** How every line's amount was worked out; printed with the lines (compute/metering.ts and the order quotes). */
export const roundingRule =
  '按量计费按整秒计费：金额 = 计费秒数 × 日单价 ÷ 86400，不足1厘（0.001元）的部分结转到下一次计费，不会丢失也不会重复收取；' +
  '包日/包周/包月、续费与数据盘扩容按下单时的报价一次性扣费。账目以厘记账，页面与导出文件按四舍五入显示到分，合计按厘求和后再四舍五入。';

/** The lines of `userId` that a filter selects. */
function billWhere(userId: number, filter: BillFilter): SQL {
  return and(
    eq(bills.userId, userId),
    filter.product ? eq(bills.product, filter.product) : undefined,
    filter.kind ? eq(bills.kind, filter.kind) : undefined,
    filter.instanceId ? eq(bills.instanceId, filter.instanceId) : undefined,
    filter.startTime ? gte(bills.createdAt, new Date(filter.startTime)) : undefined,
    filter.endTime ? lt(bills.createdAt, new Date(filter.endTime)) : undefined,
  )!;
}

export const billColumns = {
  id: bills.id,
  product: bills.product,
  kind: bills.kind,
  instanceId: bills.instanceId,
  orderId: bills.orderId,
  ledgerEntryId: bills.ledgerEntryId,
  amount: bills.amount,
  seconds: bills.seconds,
  dayRate: bills.dayRate,
  periodStart: bills.periodStart,
  periodEnd: bills.periodEnd,
  note: bills.note,
  createdAt: bills.createdAt,
};

type BillRow = {
  id: number;
  product: string;
  kind: string;
  instanceId: number | null;
  orderId: number | null;
  amount: number;
  seconds: number;
  dayRate: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  note: string;
  createdAt: Date;
};

/**
 * Unit price and quantity of a line: an HPC job's core-seconds and GPU-seconds at the partition's price per
 * core-hour and GPU-hour, metering's seconds at the day rate it charges by (the screens add
 * the hourly equivalent), the days of a period bought at its average day price, else one item.
 */
function pricing(row: BillRow): Pick<BillLine, 'unitPrice' | 'priceUnit' | 'quantity' | 'quantityUnit'> {
  if (row.product === 'hpc' && (row.kind === 'usage' || row.kind === 'gpu_usage')) {
    const [priceUnit, quantityUnit] = row.kind === 'usage' ? ['核时', '核秒'] : ['卡时', '卡秒'];
    return { unitPrice: Math.round(row.dayRate / 24), priceUnit, quantity: row.seconds, quantityUnit };
  }
  if (row.kind === 'usage') return { unitPrice: row.dayRate, priceUnit: '天', quantity: row.seconds, quantityUnit: '秒' };
  if (row.periodStart && row.periodEnd && row.kind !== 'refund') {
    const days = Math.round((row.periodEnd.getTime() - row.periodStart.getTime()) / dayMs);
    if (days > 0) return { unitPrice: Math.round(row.amount / days), priceUnit: '天', quantity: days, quantityUnit: '天' };
  }
  return { unitPrice: row.amount, priceUnit: '次', quantity: 1, quantityUnit: '次' };
}

export function toBillLine(row: BillRow, instanceName: string | null, orderNo: string | null): BillLine {
  return {
    id: row.id,
    product: row.product,
    kind: row.kind,
    instanceId: row.instanceId,
    instanceName,
    orderId: row.orderId,
    orderNo,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    ...pricing(row),
    amount: row.amount,
    note: row.note,
    gmtCreate: row.createdAt.toISOString(),
  };
}

/** Names of the instances the rows name, in one query. */
async function instanceNames(db: Executor, rows: Array<{ instanceId: number | null }>) {
  const ids = [...new Set(rows.map((row) => row.instanceId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, string>();
  const found = await db.select({ id: instances.id, name: instances.name }).from(instances).where(inArray(instances.id, ids));
  return new Map(found.map((row) => [row.id, row.name]));
}

/** Numbers of the orders the rows name, in one query. */
async function orderNumbers(db: Executor, rows: Array<{ orderId: number | null }>) {
  const ids = [...new Set(rows.map((row) => row.orderId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, string>();
  const found = await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, ids));
  return new Map(found.map((row) => [row.id, row.orderNo]));
}

export async function toBillLines(db: Executor, rows: BillRow[]): Promise<BillLine[]> {
  const [names, numbers] = await Promise.all([instanceNames(db, rows), orderNumbers(db, rows)]);
  return rows.map((row) =>
    toBillLine(
      row,
      row.instanceId === null ? null : (names.get(row.instanceId) ?? null),
      row.orderId === null ? null : (numbers.get(row.orderId) ?? null),
    ),
  );
}

/** A line's columns with its instance's name and its order's number, read in the same statement. */
const pageColumns = {
  ...billColumns,
  instanceName: sql<string | null>`(select ${instances.name} from ${instances} where ${instances.id} = ${bills.instanceId})`,
  orderNo: sql<string | null>`(select ${orders.orderNo} from ${orders} where ${orders.id} = ${bills.orderId})`,
};
const newestFirst = [desc(bills.createdAt), desc(bills.id)];

const daySums = {
  lines: sql<string>`coalesce(sum(${billDays.lines}), 0)`,
  charged: sql<string>`coalesce(sum(${billDays.charged}), 0)`,
  refunded: sql<string>`coalesce(sum(${billDays.refunded}), 0)`,
};

/** The list's usual page: all of the user's lines, unfiltered, with their totals on each row, built once per database. */
const userPage = preparedQuery((db) =>
  db
    .select({
      ...pageColumns,
      totals: sql<TotalsRow>`(select json_build_object('lines', ${daySums.lines}, 'charged', ${daySums.charged}, 'refunded', ${daySums.refunded})
        from ${billDays} where ${billDays.userId} = ${sql.placeholder('userId')})`,
    })
    .from(bills)
    .where(eq(bills.userId, sql.placeholder('userId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('bill_user_page'),
);

const unfiltered = (filter: BillFilter) => !filter.product && !filter.kind && !filter.instanceId && !filter.startTime && !filter.endTime;

const filteredPage = (db: Database, userId: number, filter: BillFilter, limit: number, offset: number) =>
  db
    .select(pageColumns)
    .from(bills)
    .where(billWhere(userId, filter))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);

/** A page of the lines a filter selects, newest first (the `bills_user_time_idx` order), in one statement. */
export async function billPage(db: Database, userId: number, filter: BillFilter, limit: number, offset: number) {
  const rows = unfiltered(filter)
    ? await userPage(db).execute({ userId, limit, offset })
    : await filteredPage(db, userId, filter, limit, offset);
  return rows.map((row) => toBillLine(row, row.instanceName, row.orderNo));
}

/**
 * A page of the lines a filter selects and the totals of all it selects. The usual, unfiltered list is one statement
 * (a second round trip per call cost about a sixth of its throughput); a page past the end has no row to carry the totals.
 */
export async function billList(db: Database, userId: number, filter: BillFilter, limit: number, offset: number) {
  if (!unfiltered(filter)) {
    const [list, totals] = await Promise.all([billPage(db, userId, filter, limit, offset), billTotals(db, userId, filter)]);
    return { list, totals };
  }
  const rows = await userPage(db).execute({ userId, limit, offset });
  const totals = rows[0] ? totalsOf(rows[0].totals) : await billTotals(db, userId, filter);
  return { list: rows.map((row) => toBillLine(row, row.instanceName, row.orderNo)), totals };
}

/** A Beijing day `YYYY-MM-DD` for an instant at Beijing midnight; null for any other instant. */
function beijingDay(iso: string): string | null {
  const shifted = new Date(iso).getTime() + 8 * 3_600_000;
  return shifted % dayMs === 0 ? new Date(shifted).toISOString().slice(0, 10) : null;
}

/** The totals of all the user's lines (the list's usual filter), built once per database. */
const userTotals = preparedQuery((db) =>
  db
    .select(daySums)
    .from(billDays)
    .where(eq(billDays.userId, sql.placeholder('userId')))
    .prepare('bill_user_totals'),
);

/** The totals of a filter. Whole Beijing days (what the screens ask for) are summed from `bill_days`; other instants from the lines. */
export async function billTotals(db: Database, userId: number, filter: BillFilter): Promise<BillTotals> {
  if (unfiltered(filter)) return totalsOf((await userTotals(db).execute({ userId }))[0]);
  const fromDay = filter.startTime ? beijingDay(filter.startTime) : undefined;
  const toDay = filter.endTime ? beijingDay(filter.endTime) : undefined;
  if (fromDay === null || toDay === null) return totalsOfLines(db, billWhere(userId, filter));
  const [row] = await db
    .select(daySums)
    .from(billDays)
    .where(
      and(
        eq(billDays.userId, userId),
        filter.product ? eq(billDays.product, filter.product) : undefined,
        filter.kind ? eq(billDays.kind, filter.kind) : undefined,
        filter.instanceId ? eq(billDays.instanceId, filter.instanceId) : undefined,
        fromDay ? gte(billDays.day, fromDay) : undefined,
        toDay ? lt(billDays.day, toDay) : undefined,
      ),
    );
  return totalsOf(row);
}

async function totalsOfLines(db: Executor, where: SQL): Promise<BillTotals> {
  const [row] = await db
    .select({
      lines: sql<string>`count(*)`,
      charged: sql<string>`coalesce(sum(${bills.amount}) filter (where ${bills.amount} > 0), 0)`,
      refunded: sql<string>`coalesce(-sum(${bills.amount}) filter (where ${bills.amount} < 0), 0)`,
    })
    .from(bills)
    .where(where);
  return totalsOf(row);
}

type TotalsRow = { lines: string | number; charged: string | number; refunded: string | number };

function totalsOf(row: TotalsRow | undefined): BillTotals {
  const charged = Number(row?.charged ?? 0);
  const refunded = Number(row?.refunded ?? 0);
  return { lines: Number(row?.lines ?? 0), charged, refunded, amount: charged - refunded };
}

/** One of the user's charges in full: its line, the rounding rule and, when this user paid it, the balance after. */
export async function billView(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select(billColumns)
    .from(bills)
    .where(and(eq(bills.id, id), eq(bills.userId, userId)));
  if (!row) throw notFound('账单明细不存在');
  const [line] = await toBillLines(db, [row]);
  // The balance after the charge is the payer's: shown only when that is this user.
  const [entry] = await db
    .select({ balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, row.ledgerEntryId), eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash')));
  return {
    ...line!,
    ledgerEntryId: row.ledgerEntryId,
    balanceAfter: entry?.balanceAfter ?? null,
    rule: roundingRule,
  };
}
