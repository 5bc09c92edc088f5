import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DataDiskAdjustBody } from '@rc/api-contract/user/data-disk';
import { computeNodes, instances, type Database, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { placeOrder, type QuoteKey } from '../billing/index.js';
import type { ComputeDriver, DataDiskGrowth } from './driver.js';
import { recordInstanceEvent } from './instance-events.js';
import { lockInstance } from './instance-state.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { dayRateOf, loadSitePrices } from './prices.js';
import { OrderType, Status } from './states.js';

/**
 * Expands the instance's data disk at the quoted price, up to what its node allows, then has the driver grow the
 * disk. Answers what the owner reads: the new size and whether it is in use now or from the next start.
 */
export async function expandDataDisk(
  { db, driver, quotes, log }: { db: Database; driver: ComputeDriver; quotes: QuoteKey; log: FastifyBaseLogger },
  userId: number,
  body: DataDiskAdjustBody,
  now: Date,
): Promise<string> {
  const { id, dataDiskExtraGb, quoteToken } = body;
  const { instance, sizeGb } = await db.transaction(async (tx) => {
    const instance = await lockInstance(tx, driver, { userId, id, operation: 'storageAdjust', now });
    const { priced, prices } = await confirmedOperationPrice(tx, quotes, {
      token: quoteToken,
      instance,
      request: { operation: 'storageAdjust', id, dataDiskExtraGb },
      now,
    });
    const { model, site } = prices;
    const [node] = await tx.select({ max: computeNodes.dataDiskMaxGb }).from(computeNodes).where(eq(computeNodes.id, instance.nodeId));
    if (site.freeDataDiskGb + dataDiskExtraGb > (node?.max ?? 0)) throw conflict(`该主机数据盘最大 ${node?.max ?? 0} GB`);
    await placeOrder(
      tx,
      {
        userId,
        instanceId: id,
        orderType: OrderType.diskExpand,
        billingType: instance.billingType,
        amount: priced.amount,
        detail: { from: instance.dataDiskExtraGb, to: dataDiskExtraGb, items: priced.items },
        now,
      },
      { kind: 'disk', note: `实例「${instance.name}」数据盘扩容至 ${site.freeDataDiskGb + dataDiskExtraGb} GB` },
    );
    await tx
      .update(instances)
      .set({ dataDiskExtraGb, dayRate: dayRateOf({ gpuHeld: instance.gpuCount, noGpu: false, dataDiskExtraGb }, model, site) })
      .where(eq(instances.id, id));
    await recordInstanceEvent(tx, {
      instanceId: id,
      kind: 'storageAdjust',
      actorUserId: userId,
      fromStatus: instance.status,
      note: `数据盘 ${site.freeDataDiskGb + instance.dataDiskExtraGb} GB → ${site.freeDataDiskGb + dataDiskExtraGb} GB`,
      at: now,
    });
    return { instance, sizeGb: site.freeDataDiskGb + dataDiskExtraGb };
  });
  const growth = await driver.growDataDisk?.(instance).catch((error: unknown): DataDiskGrowth => {
    log.error({ err: error, instanceId: id }, 'growing the data disk online failed: it grows at the next start');
    return 'nextStart';
  });
  if (growth === 'nextStart') await db.update(instances).set({ dataDiskGrowsAtStart: true }).where(eq(instances.id, id));
  return growthMessage(sizeGb, growth, instance.status === Status.running);
}

function growthMessage(sizeGb: number, growth: DataDiskGrowth | undefined, running: boolean) {
  const grown = `数据盘已扩容至 ${sizeGb} GB`;
  switch (growth) {
    case 'online':
      return `${grown}，已在线生效`;
    case 'nextStart':
      return running ? `${grown}；本机不支持在线扩容，将在下次开机时生效` : `${grown}，将在下次开机时生效`;
    case 'unlimited':
      return `${grown}（该实例的数据盘创建于容量限制之前，不限容量）`;
    default:
      return grown;
  }
}

/** The disks of the user's instances (released ones aside) and their totals. */
export async function storageOverview(db: Executor, userId: number) {
  const site = await loadSitePrices(db);
  const rows = await db
    .select({
      id: instances.id,
      name: instances.name,
      status: instances.status,
      billingType: instances.billingType,
      dataDiskExtraGb: instances.dataDiskExtraGb,
      systemDiskGb: computeNodes.systemDiskGb,
    })
    .from(instances)
    .innerJoin(computeNodes, eq(computeNodes.id, instances.nodeId))
    .where(and(eq(instances.userId, userId), ne(instances.status, Status.released)))
    .orderBy(asc(instances.id));
  const list = rows.map((row) => ({
    ...row,
    dataDiskGb: site.freeDataDiskGb + row.dataDiskExtraGb,
    extraDayAmount: row.dataDiskExtraGb * site.dataDiskDayPricePerGb,
  }));
  return {
    freeDataDiskGb: site.freeDataDiskGb,
    dataDiskDayPricePerGb: site.dataDiskDayPricePerGb,
    systemDiskGb: list.reduce((sum, row) => sum + row.systemDiskGb, 0),
    dataDiskGb: list.reduce((sum, row) => sum + row.dataDiskGb, 0),
    dataDiskExtraGb: list.reduce((sum, row) => sum + row.dataDiskExtraGb, 0),
    instances: list,
  };
}
