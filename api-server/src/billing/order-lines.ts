import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { OrderListBody, OrderRow, OrderView } from '@rc/api-contract/user/account-orders';
import { bills, gpuModels, instances, orders, regions, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { billColumns, toBillLines } from './bill-lines.js';

type Order = typeof orders.$inferSelect;

async function toRows(db: Executor, list: Order[]): Promise<OrderRow[]> {
  const ids = [...new Set(list.map((o) => o.instanceId).filter((id): id is number => id !== null))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: instances.id, name: instances.name }).from(instances).where(inArray(instances.id, ids))).map((i) => [
          i.id,
          i.name,
        ])
      : [],
  );
  return list.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    orderType: o.orderType,
    billingType: o.billingType,
    status: o.status,
    amount: o.amount,
    instanceId: o.instanceId,
    instanceName: o.instanceId === null ? null : (names.get(o.instanceId) ?? null),
    gmtCreate: o.createdAt.toISOString(),
  }));
}

/** The user's orders, newest first, filtered by type, status and time. */
export async function orderPage(db: Executor, userId: number, body: OrderListBody, limit: number, offset: number) {
  const where = and(
    eq(orders.userId, userId),
    body.orderType !== undefined ? eq(orders.orderType, body.orderType) : undefined,
    body.status !== undefined ? eq(orders.status, body.status) : undefined,
    body.startTime ? gte(orders.createdAt, new Date(body.startTime)) : undefined,
    body.endTime ? lt(orders.createdAt, new Date(body.endTime)) : undefined,
  );
  const list = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { list: await toRows(db, list), total: total?.n ?? 0 };
}

/** One of the user's orders with the quote it was placed at, its instance and its bill lines; another user's order is not found. */
export async function orderView(db: Executor, userId: number, id: number): Promise<OrderView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!order) throw notFound('订单不存在');
  const [row] = await toRows(db, [order]);
  const [instance] = order.instanceId
    ? await db
        .select({
          id: instances.id,
          name: instances.name,
          status: instances.status,
          billingType: instances.billingType,
          gpuModel: gpuModels.name,
          gpuCount: instances.gpuCount,
          regionName: regions.name,
          packageExpiresAt: instances.packageExpiresAt,
        })
        .from(instances)
        .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
        .innerJoin(regions, eq(regions.code, instances.regionCode))
        .where(and(eq(instances.id, order.instanceId), eq(instances.userId, userId)))
    : [];
  const lines = await db
    .select(billColumns)
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.orderId, order.id)))
    .orderBy(bills.id);
  return {
    ...row!,
    detail: order.detail as Record<string, unknown>,
    instance: instance ? { ...instance, packageExpiresAt: instance.packageExpiresAt?.toISOString() ?? null } : null,
    bills: await toBillLines(db, lines),
  };
}
