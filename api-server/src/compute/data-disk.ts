import { and, asc, eq, ne } from 'drizzle-orm';
import type { DataDiskAdjustBody } from '@rc/api-contract/user/data-disk';
import { computeNodes, instances, type Database, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { placeOrder, type QuoteKey } from '../billing/index.js';
import type { ComputeDriver } from './driver.js';
import { recordInstanceEvent } from './instance-events.js';
import { lockInstance } from './instance-state.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { dayRateOf, loadSitePrices } from './prices.js';
import { OrderType, Status } from './states.js';

/** Expands the instance's data disk at the quoted price, up to what its node allows. */
export async function expandDataDisk(
  { db, driver, quotes }: { db: Database; driver: ComputeDriver; quotes: QuoteKey },
  userId: number,
  body: DataDiskAdjustBody,
  now: Date,
) {
  const { id, dataDiskExtraGb, quoteToken } = body;
  await db.transaction(async (tx) => {
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
  });
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
