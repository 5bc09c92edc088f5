import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ResourceRow, ResourceView } from '@rc/api-contract/user/bills';
import { billDays, bills, gpuModels, instances, regions, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { billColumns, toBillLines } from './bill-lines.js';

export type ResourceKind = 'gpu' | 'disk';

/** The instances behind a kind of resource: every instance is a GPU resource; one with extra data disk space is also a disk resource. */
function resourceWhere(userId: number, kind: ResourceKind) {
  return and(eq(instances.userId, userId), kind === 'disk' ? gt(instances.dataDiskExtraGb, 0) : undefined);
}

async function rowsFor(
  db: Executor,
  kind: ResourceKind,
  where: ReturnType<typeof resourceWhere>,
  limit: number,
  offset: number,
): Promise<ResourceRow[]> {
  const page = await db
    .select({
      id: instances.id,
      userId: instances.userId,
      name: instances.name,
      status: instances.status,
      billingType: instances.billingType,
      gpuCount: instances.gpuCount,
      dataDiskExtraGb: instances.dataDiskExtraGb,
      packageExpiresAt: instances.packageExpiresAt,
      createdAt: instances.createdAt,
      releasedAt: instances.releasedAt,
      gpuModel: gpuModels.name,
      regionName: regions.name,
    })
    .from(instances)
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .innerJoin(regions, eq(regions.code, instances.regionCode))
    .where(where)
    .orderBy(desc(instances.id))
    .limit(limit)
    .offset(offset);
  if (page.length === 0) return [];
  // A disk's spend is its own lines (kind 'disk'); a GPU instance's is all of its lines.
  const spent = await db
    .select({ instanceId: billDays.instanceId, amount: sql<string>`sum(${billDays.charged} - ${billDays.refunded})` })
    .from(billDays)
    .where(
      and(
        inArray(
          billDays.instanceId,
          page.map((row) => row.id),
        ),
        inArray(billDays.userId, [...new Set(page.map((row) => row.userId))]),
        kind === 'disk' ? eq(billDays.kind, 'disk') : undefined,
      ),
    )
    .groupBy(billDays.instanceId);
  const spentBy = new Map(spent.map((row) => [row.instanceId, Number(row.amount)]));
  return page.map((row) => ({
    id: row.id,
    kind,
    name: kind === 'disk' ? `${row.name} 数据盘` : row.name,
    status: row.status,
    billingType: row.billingType,
    spec: kind === 'disk' ? `扩容 ${row.dataDiskExtraGb} GB` : `${row.gpuModel} × ${row.gpuCount}`,
    regionName: row.regionName,
    spent: spentBy.get(row.id) ?? 0,
    expiresAt: row.packageExpiresAt?.toISOString() ?? null,
    gmtCreate: row.createdAt.toISOString(),
    releasedAt: row.releasedAt?.toISOString() ?? null,
  }));
}

export async function resourcePage(db: Executor, userId: number, kind: ResourceKind, limit: number, offset: number) {
  const where = resourceWhere(userId, kind);
  const [total] = await db.select({ n: count() }).from(instances).where(where);
  return { list: await rowsFor(db, kind, where, limit, offset), total: total?.n ?? 0 };
}

/** One resource with its spend by Beijing month and its latest lines; another user's instance is not found. */
export async function resourceView(db: Executor, userId: number, id: number, kind: ResourceKind): Promise<ResourceView> {
  const [row] = await rowsFor(db, kind, and(resourceWhere(userId, kind), eq(instances.id, id)), 1, 0);
  if (!row) throw notFound('资源不存在');
  const lineWhere = and(eq(bills.instanceId, id), eq(bills.userId, userId), kind === 'disk' ? eq(bills.kind, 'disk') : undefined);
  const month = sql<string>`to_char(${billDays.day}, 'YYYY-MM')`;
  const months = await db
    .select({ month, amount: sql<string>`sum(${billDays.charged} - ${billDays.refunded})` })
    .from(billDays)
    .where(and(eq(billDays.instanceId, id), eq(billDays.userId, userId), kind === 'disk' ? eq(billDays.kind, 'disk') : undefined))
    .groupBy(month)
    .orderBy(sql`1 desc`);
  const recent = await db.select(billColumns).from(bills).where(lineWhere).orderBy(desc(bills.createdAt), desc(bills.id)).limit(20);
  return { ...row, months: months.map((m) => ({ month: m.month, amount: Number(m.amount) })), recentBills: await toBillLines(db, recent) };
}
