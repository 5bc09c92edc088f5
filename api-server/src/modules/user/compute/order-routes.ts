import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq } from 'drizzle-orm';
import { bills, computeNodes } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { notFound } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { ensureCanPayAnHour } from '../../../billing/charges.js';
import { placeOrder } from '../../../billing/orders.js';
import { takeGpus, takeGpusInRegion } from '../../../compute/gpu-pool.js';
import { instanceView } from '../../../compute/instance-view.js';
import { recordInstanceEvent } from '../../../compute/instance-events.js';
import { modelOf } from '../../../compute/lifecycle.js';
import { createInstance, usableImage } from '../../../compute/new-instance.js';
import { countCommunityUse, nodesFittingImage } from '../../../community/image-compatibility.js';
import { loadSitePrices, quote } from '../../../compute/prices.js';
import { Billing, OrderType, billingNames, type Billing as BillingCode } from '../../../compute/states.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { Bill, BillListBody, OrderConfiguration, PaidOrder, PayOrderBody, RentQuote } from '@rc/api-contract/user/order';
import type { Executor } from '../../../db/open-database.js';
import { confirmedPrice, issueQuote } from '../../../billing/quotes.js';
import { rentPrice, type Prices } from '../../../compute/operation-prices.js';
import { pageWindow } from '../../../lib/page-window.js';
import { launchableApp, recordLaunch } from '../../../applications/app-launch.js';

const tags = ['订单'];

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

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/order/price/preview',
    { schema: { tags, summary: '价格预览与报价（下单前）', body: OrderConfiguration, response: { 200: Envelope(RentQuote) } } },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const { params, priced, prices } = await rentPriced(app.db, request.body, now);
      const money = await issueQuote(app.db, app.quotes, { userId: user.id, operation: 'rent', params, priced, now });
      return ok({
        ...priceOf(request.body, prices),
        ...money,
        unitHourPrice: prices.model.hourPrice,
        noGpuHourPrice: prices.site.noGpuHourPrice,
        dataDiskDayPricePerGb: prices.site.dataDiskDayPricePerGb,
        freeDataDiskGb: prices.site.freeDataDiskGb,
      });
    },
  );

  app.post(
    '/auth/order/info/pay',
    { schema: { tags, summary: '下单并支付（创建实例）', body: PayOrderBody, response: { 200: Envelope(PaidOrder) } } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const now = app.clock.now();
      const duration = body.duration ?? 1;
      const dataDiskExtraGb = body.dataDiskExtraGb ?? 0;
      const { params, prices } = await rentPriced(app.db, body, now);
      const { model, site } = prices;

      const instance = await app.db.transaction(async (tx) => {
        const priced = await confirmedPrice(tx, app.quotes, body.quoteToken, { userId: user.id, operation: 'rent', params, now }, (at) =>
          rentPrice({ gpuCount: body.gpuCount, billingType: body.billingType, duration, dataDiskExtraGb }, prices, at),
        );
        const image = await usableImage(tx, user.id, body.imageId);
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
          ({ nodeId, gpuIndices } = await takeGpusInRegion(
            tx,
            body.regionCode,
            body.gpuModelId,
            body.gpuCount,
            fittingNodeIds ?? undefined,
          ));
        }
        if (body.billingType === Billing.payAsYouGo) await ensureCanPayAnHour(tx, user.id, priced.requiredBalance);
        const packageExpiresAt = priced.periodEnd;
        const created = await createInstance(
          tx,
          app.compute.driver,
          {
            userId: user.id,
            name: body.name ?? `${model.name}-${now.getTime().toString(36).slice(-5)}`,
            nodeId,
            gpuIndices,
            gpuCount: body.gpuCount,
            billingType: body.billingType,
            packageExpiresAt,
            imageId: image.id,
            imageName: image.name,
            dataDiskExtraGb,
            now,
          },
          model,
          site,
        );
        if (fittingNodeIds) await countCommunityUse(tx, image.id);
        if (launched) await recordLaunch(tx, { appId: launched.id, userId: user.id, instanceId: created.id, now });
        const order = await placeOrder(
          tx,
          {
            userId: user.id,
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
            note: `新购实例「${created.name}」${billingNames[body.billingType as BillingCode]} ×${duration}`,
            periodStart: now,
            periodEnd: packageExpiresAt ?? undefined,
          },
        );
        await recordInstanceEvent(tx, {
          instanceId: created.id,
          kind: 'create',
          actorUserId: user.id,
          fromStatus: null,
          note: `${billingNames[body.billingType as BillingCode]}${body.billingType === Billing.payAsYouGo ? '' : ` ×${duration}`}，${model.name} × ${body.gpuCount}`,
          at: now,
        });
        return { order, created };
      });
      const view = await instanceView(app, user.id, instance.created.id);
      return ok(
        { orderId: instance.order.id, orderNo: instance.order.orderNo, amount: instance.order.amount, instance: view },
        '下单成功，实例创建中',
      );
    },
  );

  app.post(
    '/auth/order/bill/list',
    { schema: { tags, summary: '计费明细', body: BillListBody, response: { 200: Envelope(Page(Bill)) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const where = and(eq(bills.userId, id), request.body.instanceId ? eq(bills.instanceId, request.body.instanceId) : undefined);
      const list = await app.db
        .select({
          id: bills.id,
          instanceId: bills.instanceId,
          orderId: bills.orderId,
          kind: bills.kind,
          amount: bills.amount,
          seconds: bills.seconds,
          dayRate: bills.dayRate,
          periodStart: bills.periodStart,
          periodEnd: bills.periodEnd,
          note: bills.note,
          gmtCreate: bills.createdAt,
        })
        .from(bills)
        .where(where)
        .orderBy(desc(bills.id))
        .limit(pageSize)
        .offset(offset);
      const [total] = await app.db.select({ n: count() }).from(bills).where(where);
      return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
    },
  );
};

export default routes;
