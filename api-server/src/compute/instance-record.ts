import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { bills, instanceEvents, instances, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { eventName } from './instance-events.js';
import { statusNames, type Status } from './states.js';

const chargeNames: Record<string, string> = { usage: '按量计费', package: '包周期', renew: '续费', disk: '数据盘', refund: '退款' };
const actorNames: Record<string, string> = { user: '用户操作', system: '系统' };
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** When the bill line of the instance was written; 「账单明细不存在」 for a line of another instance. */
async function billTime(db: Executor, instanceId: number, billId: number) {
  const [line] = await db
    .select({ at: bills.createdAt })
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.instanceId, instanceId)));
  if (!line) throw notFound('账单明细不存在');
  return line.at;
}

/**
 * The instance's 状态记录: its state changes (who or what caused them) and the charges and refunds between them, newest
 * first; with `billId`, from that bill line's time back, so that the line and what led to it come first.
 */
export async function instanceRecord(db: Executor, userId: number, id: number, window: { limit: number; offset: number }, billId?: number) {
  const [owned] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.userId, userId)));
  if (!owned) throw notFound('实例不存在');
  const until = billId === undefined ? undefined : await billTime(db, id, billId);

  const charges = db
    .select({
      type: sql<'event' | 'charge'>`'charge'`.as('type'),
      sequence: sql<number>`${bills.id}`.mapWith(Number).as('sequence'),
      id: bills.id,
      kind: bills.kind,
      actor: sql<string>`''`.as('actor'),
      fromStatus: sql<number | null>`null::int`.mapWith(Number).as('from_status'),
      toStatus: sql<number | null>`null::int`.mapWith(Number).as('to_status'),
      amount: bills.amount,
      periodStart: bills.periodStart,
      periodEnd: bills.periodEnd,
      note: bills.note,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(and(eq(bills.instanceId, id), until && lte(bills.createdAt, until)));
  const events = db
    .select({
      type: sql<'event' | 'charge'>`'event'`.as('type'),
      sequence: sql<number>`${instanceEvents.afterBillId}`.mapWith(Number).as('sequence'),
      id: instanceEvents.id,
      kind: instanceEvents.kind,
      actor: instanceEvents.actor,
      fromStatus: sql<number | null>`${instanceEvents.fromStatus}::int`.mapWith(Number).as('from_status'),
      toStatus: sql<number | null>`${instanceEvents.toStatus}::int`.mapWith(Number).as('to_status'),
      amount: sql<number>`0::bigint`.mapWith(Number).as('amount'),
      periodStart: sql<Date | null>`null::timestamptz`.as('period_start'),
      periodEnd: sql<Date | null>`null::timestamptz`.as('period_end'),
      note: instanceEvents.note,
      createdAt: instanceEvents.createdAt,
    })
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, id), until && lte(instanceEvents.createdAt, until)));
  // Newest first; at one instant a change comes after the bill lines written before it.
  const rows = await charges
    .unionAll(events)
    .orderBy(desc(sql`created_at`), desc(sql`sequence`), desc(sql`type`), desc(sql`id`))
    .limit(window.limit)
    .offset(window.offset);
  const [eventCount] = await db
    .select({ n: count() })
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, id), until && lte(instanceEvents.createdAt, until)));
  const [chargeCount] = await db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.instanceId, id), until && lte(bills.createdAt, until)));
  const list = rows.map((row) => {
    const event = row.type === 'event';
    return {
      type: row.type,
      id: row.id,
      name: event ? eventName(row.kind, row.toStatus!) : (chargeNames[row.kind] ?? row.kind),
      actor: event ? (actorNames[row.actor] ?? row.actor) : '',
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      statusName: event ? (statusNames[row.toStatus as Status] ?? '') : '',
      amount: row.amount,
      periodStart: row.periodStart ? toDate(row.periodStart).toISOString() : null,
      periodEnd: row.periodEnd ? toDate(row.periodEnd).toISOString() : null,
      note: row.note,
      gmtCreate: toDate(row.createdAt).toISOString(),
    };
  });
  return { list, total: (eventCount?.n ?? 0) + (chargeCount?.n ?? 0) };
}
