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
import { modelOf } from '../../../compute/lifecycle.js';
import { createInstance, usableImage } from '../../../compute/new-instance.js';
import { loadSitePrices, quote } from '../../../compute/prices.js';
import { Billing, OrderType, billingNames, type Billing as BillingCode } from '../../../compute/states.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { Bill, BillListBody, OrderConfiguration, PaidOrder, PayOrderBody, PriceQuote } from '@rc/api-contract/user/order';
import { pageWindow } from '../../../lib/page-window.js';

const tags = ['订单'];
const dayMs = 86_400_000;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/order/price/preview',
    { schema: { tags, summary: '价格预览', body: OrderConfiguration, response: { 200: Envelope(PriceQuote) } } },
    async (request) => {
      const body = request.body;
      const model = await modelOf(app.db, body.gpuModelId);
      const site = await loadSitePrices(app.db);
      const priced = quote(
        {
          gpuCount: body.gpuCount,
          billingType: body.billingType,
          duration: body.duration ?? 1,
          dataDiskExtraGb: body.dataDiskExtraGb ?? 0,
        },
        model,
        site,
      );
      return ok({
        ...priced,
        unitHourPrice: model.hourPrice,
        noGpuHourPrice: site.noGpuHourPrice,
        dataDiskDayPricePerGb: site.dataDiskDayPricePerGb,
        freeDataDiskGb: site.freeDataDiskGb,
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
      const site = await loadSitePrices(app.db);
      const model = await modelOf(app.db, body.gpuModelId);
      const priced = quote({ gpuCount: body.gpuCount, billingType: body.billingType, duration, dataDiskExtraGb }, model, site);

      const instance = await app.db.transaction(async (tx) => {
        const image = await usableImage(tx, user.id, body.imageId);
        let nodeId = body.nodeId;
        if (nodeId) {
          const [node] = await tx.select().from(computeNodes).where(eq(computeNodes.id, nodeId));
          if (!node || node.regionCode !== body.regionCode || node.gpuModelId !== body.gpuModelId) throw notFound('主机不存在');
          await takeGpus(
            tx,
            nodeId,
            body.gpuCount,
            (free) => `该主机空闲GPU不足：当前空闲 ${free} 张，需要 ${body.gpuCount} 张，请减少GPU数量或选择其他主机`,
          );
        } else {
          nodeId = await takeGpusInRegion(tx, body.regionCode, body.gpuModelId, body.gpuCount);
        }
        if (body.billingType === Billing.payAsYouGo) await ensureCanPayAnHour(tx, user.id, priced.hourAmount);
        const packageExpiresAt = body.billingType === Billing.payAsYouGo ? null : new Date(now.getTime() + priced.days * dayMs);
        const created = await createInstance(
          tx,
          app.compute.driver,
          {
            userId: user.id,
            name: body.name ?? `${model.name}-${now.getTime().toString(36).slice(-5)}`,
            nodeId,
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
        const order = await placeOrder(
          tx,
          {
            userId: user.id,
            instanceId: created.id,
            orderType: OrderType.create,
            billingType: body.billingType,
            amount: priced.amount,
            detail: { ...priced, gpuModel: model.name, gpuCount: body.gpuCount, duration, imageName: image.name, dataDiskExtraGb },
            now,
          },
          {
            kind: 'package',
            note: `新购实例「${created.name}」${billingNames[body.billingType as BillingCode]} ×${duration}`,
            periodStart: now,
            periodEnd: packageExpiresAt ?? undefined,
          },
        );
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
