import { and, count, desc, eq, sql } from 'drizzle-orm';
import { bills, instanceEvents, instances, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { eventName } from './instance-events.js';
import { statusNames, type Status } from './states.js';

const chargeNames: Record<string, string> = { usage: '按量计费', package: '包周期', renew: '续费', disk: '数据盘', refund: '退款' };
const actorNames: Record<string, string> = { user: '用户操作', system: '系统' };
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** The instance's 状态记录: its state changes (who or what caused them) and the charges and refunds between them, newest first. */
export async function instanceRecord(db: Executor, userId: number, id: number, window: { limit: number; offset: number }) {
  const [owned] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.userId, userId)));
  if (!owned) throw notFound('实例不存在');

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
    .where(eq(bills.instanceId, id));
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
    .where(eq(instanceEvents.instanceId, id));
  // Newest first; at one instant a change comes after the bill lines written before it.
  const rows = await charges
    .unionAll(events)
    .orderBy(desc(sql`created_at`), desc(sql`sequence`), desc(sql`type`), desc(sql`id`))
    .limit(window.limit)
    .offset(window.offset);
  const [eventCount] = await db.select({ n: count() }).from(instanceEvents).where(eq(instanceEvents.instanceId, id));
  const [chargeCount] = await db.select({ n: count() }).from(bills).where(eq(bills.instanceId, id));
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
