import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { bills, instanceEvents, instances } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { notFound } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { eventName } from '../../../compute/instance-events.js';
import { statusNames, type Status } from '../../../compute/states.js';
import { pageWindow } from '../../../lib/page-window.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { InstanceEventsBody, InstanceRecord } from '@rc/api-contract/user/instance-events';

const tags = ['容器实例'];
const chargeNames: Record<string, string> = { usage: '按量计费', package: '包周期', renew: '续费', disk: '数据盘', refund: '退款' };
const actorNames: Record<string, string> = { user: '用户操作', system: '系统' };
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/events',
    {
      schema: {
        tags,
        summary: '实例状态记录：每次状态变化（谁或什么引起）与其间的扣费、退款，新的在前',
        body: InstanceEventsBody,
        response: { 200: Envelope(Page(InstanceRecord)) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.body;
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const [owned] = await app.db
        .select({ id: instances.id })
        .from(instances)
        .where(and(eq(instances.id, id), eq(instances.userId, user.id)));
      if (!owned) throw notFound('实例不存在');

      const charges = app.db
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
      const events = app.db
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
        .limit(pageSize)
        .offset(offset);
      const [eventCount] = await app.db.select({ n: count() }).from(instanceEvents).where(eq(instanceEvents.instanceId, id));
      const [chargeCount] = await app.db.select({ n: count() }).from(bills).where(eq(bills.instanceId, id));
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
      return ok({ list, total: (eventCount?.n ?? 0) + (chargeCount?.n ?? 0), pageNum, pageSize });
    },
  );
};

export default routes;
