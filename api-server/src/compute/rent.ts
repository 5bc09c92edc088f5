import { eq } from 'drizzle-orm';
import type { OrderConfiguration, PayOrderBody, RentQuoteBody } from '@rc/api-contract/user/order';
import { computeNodes, type Database, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';
import { datasetOfSharePass } from '../storage/index.js';
import { ensureCanPayAnHour, placeOrder, confirmedPrice, issueQuote, voucherNote, type QuoteKey } from '../billing/index.js';
import { launchableApp, recordLaunch } from './app-launch.js';
import { countCommunityUse, nodesFittingImage } from './image-compatibility.js';
import type { ComputeDriver } from './driver.js';
import { takeGpus, takeGpusInRegion } from './gpu-pool.js';
import { recordInstanceEvent } from './instance-events.js';
import { modelOf } from './lifecycle.js';
import { createInstance, usableImage } from './new-instance.js';
import { rentPrice, type Prices } from './operation-prices.js';
import { loadSitePrices, quote } from './prices.js';
import { Billing, OrderType, billingNames, type Billing as BillingCode } from './states.js';

/** The rent configuration's price as the pricing table shows it. */
const priceOf = (body: OrderConfiguration, prices: Prices) =>
  quote(
    { gpuCount: body.gpuCount, billingType: body.billingType, duration: body.duration ?? 1, dataDiskExtraGb: body.dataDiskExtraGb ?? 0 },
    prices.model,
    prices.site,
  );

/** A rent's priced operation and the parameters its quote is signed over. */
async function rentPriced(db: Executor, body: OrderConfiguration, now: Date) {
  const prices = { model: await modelOf(db, body.gpuModelId), site: await loadSitePrices(db) };
  const machine = {
    gpuCount: body.gpuCount,
    billingType: body.billingType,
    duration: body.duration ?? 1,
    dataDiskExtraGb: body.dataDiskExtraGb ?? 0,
  };
  const params = { regionCode: body.regionCode, gpuModelId: body.gpuModelId, ...machine };
  return { params, prices, priced: rentPrice(machine, prices, now) };
}

/** The rent's price as the pricing table shows it, with a signed quote the user confirms when paying. */
export async function rentQuote(db: Executor, quotes: QuoteKey, userId: number, body: RentQuoteBody, now: Date) {
  const { params, priced, prices } = await rentPriced(db, body, now);
  const vouchers = { scope: 'compute' as const, choice: body.voucherId };
  const money = await issueQuote(db, quotes, { userId, operation: 'rent', params, priced, now, vouchers });
  return {
    ...priceOf(body, prices),
    ...money,
    unitHourPrice: prices.model.hourPrice,
    noGpuHourPrice: prices.site.noGpuHourPrice,
    dataDiskDayPricePerGb: prices.site.dataDiskDayPricePerGb,
    freeDataDiskGb: prices.site.freeDataDiskGb,
  };
}

/**
 * Rents an instance at the quoted price: GPUs taken on the chosen node (or any node of the region that
 * fits the image), the instance created (mounting the dataset of a share link's pass, when given), the order
 * paid, and the launch of an application recorded.
 */
export async function rentInstance(
  { db, driver, quotes, shareSecret }: { db: Database; driver: ComputeDriver; quotes: QuoteKey; shareSecret: Buffer },
  userId: number,
  body: PayOrderBody,
  now: Date,
) {
  const duration = body.duration ?? 1;
  const dataDiskExtraGb = body.dataDiskExtraGb ?? 0;
  const { params, prices } = await rentPriced(db, body, now);
  const { model, site } = prices;

  return db.transaction(async (tx) => {
    const priced = await confirmedPrice(tx, quotes, body.quoteToken, { userId, operation: 'rent', params, now }, (at) =>
      rentPrice({ gpuCount: body.gpuCount, billingType: body.billingType, duration, dataDiskExtraGb }, prices, at),
    );
    const image = await usableImage(tx, userId, body.imageId);
    const sharedDataset = body.datasetShare ? await datasetOfSharePass(tx, shareSecret, body.datasetShare, now) : null;
    const launched = body.appId ? await launchableApp(tx, body.appId, { ...body, dataDiskExtraGb }) : null;
    const fittingNodeIds = await nodesFittingImage(tx, image.id, body);
    let nodeId = body.nodeId;
    let gpuIndices: number[];
    if (nodeId) {
      const [node] = await tx.select().from(computeNodes).where(eq(computeNodes.id, nodeId));
      if (!node || node.regionCode !== body.regionCode || node.gpuModelId !== body.gpuModelId) throw notFound('主机不存在');
      gpuIndices = await takeGpus(
        tx,
        nodeId,
        body.gpuCount,
        (free) => `该主机空闲GPU不足：当前空闲 ${free} 张，需要 ${body.gpuCount} 张，请减少GPU数量或选择其他主机`,
      );
    } else {
      ({ nodeId, gpuIndices } = await takeGpusInRegion(tx, body.regionCode, body.gpuModelId, body.gpuCount, fittingNodeIds ?? undefined));
    }
    if (body.billingType === Billing.payAsYouGo) await ensureCanPayAnHour(tx, userId, priced.requiredBalance);
    const packageExpiresAt = priced.periodEnd;
    const created = await createInstance(
      tx,
      driver,
      {
        userId,
        name: body.name ?? `${model.name}-${now.getTime().toString(36).slice(-5)}`,
        nodeId,
        gpuIndices,
        gpuCount: body.gpuCount,
        billingType: body.billingType,
        packageExpiresAt,
        imageId: image.id,
        imageName: image.name,
        dataDiskExtraGb,
        datasets: sharedDataset ? [{ id: sharedDataset.id, name: sharedDataset.name }] : [],
        now,
      },
      model,
      site,
    );
    if (fittingNodeIds) await countCommunityUse(tx, image.id);
    if (launched) await recordLaunch(tx, { launched, userId, instanceId: created.id, now });
    const order = await placeOrder(
      tx,
      {
        userId,
        instanceId: created.id,
        orderType: OrderType.create,
        billingType: body.billingType,
        amount: priced.amount,
        detail: {
          ...priceOf(body, prices),
          items: priced.items,
          gpuModel: model.name,
          gpuCount: body.gpuCount,
          duration,
          imageName: image.name,
          dataDiskExtraGb,
        },
        now,
      },
      {
        kind: 'package',
        note: `新购实例「${created.name}」${billingNames[body.billingType as BillingCode]} ×${duration}${voucherNote(priced.voucher)}`,
        periodStart: now,
        periodEnd: packageExpiresAt ?? undefined,
        voucher: priced.voucher,
      },
    );
    await recordInstanceEvent(tx, {
      instanceId: created.id,
      kind: 'create',
      actorUserId: userId,
      fromStatus: null,
      note: `${billingNames[body.billingType as BillingCode]}${body.billingType === Billing.payAsYouGo ? '' : ` ×${duration}`}，${model.name} × ${body.gpuCount}`,
      at: now,
    });
    return { order, created };
  });
}
