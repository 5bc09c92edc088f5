import { and, asc, eq, sql } from 'drizzle-orm';
import type { StorageResourceRow } from '@rc/api-contract/user/bills';
import { bills, cloudDisks, netDisks, regions, type Executor } from '../db/index.js';
import { dayAmountOf, loadStorageTerms } from './storage-terms.js';

/** The user's network and cloud disks; a disk's spend is the storage lines whose note starts with its label. */
export async function storageResources(db: Executor, userId: number): Promise<StorageResourceRow[]> {
  const label = sql<string>`split_part(${bills.note}, ' ', 1)`;
  const spent = await db
    .select({ label, amount: sql<string>`sum(${bills.amount})` })
    .from(bills)
    .where(and(eq(bills.userId, userId), eq(bills.product, 'storage')))
    .groupBy(label);
  const spentBy = new Map(spent.map((row) => [row.label, Number(row.amount)]));
  const { netDisk } = await loadStorageTerms(db);
  const nets = await db
    .select({ disk: netDisks, regionName: regions.name })
    .from(netDisks)
    .innerJoin(regions, eq(regions.code, netDisks.regionCode))
    .where(eq(netDisks.userId, userId))
    .orderBy(asc(netDisks.id));
  const clouds = await db
    .select({ disk: cloudDisks, regionName: regions.name })
    .from(cloudDisks)
    .innerJoin(regions, eq(regions.code, cloudDisks.regionCode))
    .where(eq(cloudDisks.userId, userId))
    .orderBy(asc(cloudDisks.id));
  return [
    ...nets.map(({ disk, regionName }) => {
      const name = `网盘（${regionName}）`;
      return {
        kind: 'netdisk' as const,
        id: disk.id,
        name,
        regionName,
        spec: `容量 ${disk.sizeGb} GB`,
        status: disk.status,
        dayAmount: dayAmountOf(disk.sizeGb, netDisk),
        paidThrough: disk.paidThrough.toISOString(),
        spent: spentBy.get(name) ?? 0,
        gmtCreate: disk.activatedAt.toISOString(),
      };
    }),
    ...clouds.map(({ disk, regionName }) => {
      const name = `云盘（${regionName}）`;
      return {
        kind: 'clouddisk' as const,
        id: disk.id,
        name,
        regionName,
        spec: `配额 ${Math.round(disk.quotaBytes / 1024 ** 3)} GB，按所存容量计费`,
        status: disk.status,
        dayAmount: 0,
        paidThrough: disk.paidThrough.toISOString(),
        spent: spentBy.get(name) ?? 0,
        gmtCreate: disk.activatedAt.toISOString(),
      };
    }),
  ];
}
