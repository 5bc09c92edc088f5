import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import { computeNodes, instances } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { placeOrder } from '../../../billing/orders.js';
import { lockInstance } from '../../../compute/instance-state.js';
import { instanceView } from '../../../compute/instance-view.js';
import { recordInstanceEvent } from '../../../compute/instance-events.js';
import { confirmedOperationPrice } from '../../../compute/operation-prices.js';
import { dayRateOf, loadSitePrices } from '../../../compute/prices.js';
import { OrderType, Status } from '../../../compute/states.js';
import { Envelope } from '@rc/api-contract/envelope';
import { InstanceView } from '@rc/api-contract/user/compute';
import { DataDiskAdjustBody, StorageOverview } from '@rc/api-contract/user/data-disk';

const tags = ['数据盘'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/storage/adjust',
    { schema: { tags, summary: '数据盘扩容', body: DataDiskAdjustBody, response: { 200: Envelope(InstanceView) } } },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock.now();
      const { id, dataDiskExtraGb, quoteToken } = request.body;
      await app.db.transaction(async (tx) => {
        const instance = await lockInstance(tx, app.compute.driver, { userId: user.id, id, operation: 'storageAdjust', now });
        const { priced, prices } = await confirmedOperationPrice(tx, app.quotes, {
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
            userId: user.id,
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
          actorUserId: user.id,
          fromStatus: instance.status,
          note: `数据盘 ${site.freeDataDiskGb + instance.dataDiskExtraGb} GB → ${site.freeDataDiskGb + dataDiskExtraGb} GB`,
          at: now,
        });
      });
      return ok(await instanceView(app, user.id, id), '数据盘已扩容');
    },
  );

  app.get(
    '/auth/dashboard/storage',
    { schema: { tags, summary: '存储概览', response: { 200: Envelope(StorageOverview) } } },
    async (request) => {
      const { id } = currentUser(request);
      const site = await loadSitePrices(app.db);
      const rows = await app.db
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
        .where(and(eq(instances.userId, id), ne(instances.status, Status.released)))
        .orderBy(asc(instances.id));
      const list = rows.map((row) => ({
        ...row,
        dataDiskGb: site.freeDataDiskGb + row.dataDiskExtraGb,
        extraDayAmount: row.dataDiskExtraGb * site.dataDiskDayPricePerGb,
      }));
      return ok({
        freeDataDiskGb: site.freeDataDiskGb,
        dataDiskDayPricePerGb: site.dataDiskDayPricePerGb,
        systemDiskGb: list.reduce((sum, row) => sum + row.systemDiskGb, 0),
        dataDiskGb: list.reduce((sum, row) => sum + row.dataDiskGb, 0),
        dataDiskExtraGb: list.reduce((sum, row) => sum + row.dataDiskExtraGb, 0),
        instances: list,
      });
    },
  );
};

export default routes;
