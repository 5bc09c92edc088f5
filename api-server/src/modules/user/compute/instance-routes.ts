import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { computeNodes, instances } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { ensureCanPayAnHour } from '../../../billing/charges.js';
import { placeOrder, recordOrder } from '../../../billing/orders.js';
import { returnGpus, takeGpus, takeGpusInRegion } from '../../../compute/gpu-pool.js';
import { buyPackagePeriods } from '../../../compute/package-periods.js';
import { lockInstance, settleInstance, type InstanceRow } from '../../../compute/instance-state.js';
import { recordInstanceEvent } from '../../../compute/instance-events.js';
import { operateOnInstance } from '../../../compute/operate.js';
import { instanceView } from '../../../compute/instance-view.js';
import { noFreeGpus, releaseInstance, startInstance, stopInstance } from '../../../compute/lifecycle.js';
import { createInstance } from '../../../compute/new-instance.js';
import { joinGpuQueue, leaveGpuQueue } from '../../../compute/gpu-queue.js';
import type { Operation } from '../../../compute/operations.js';
import { dayRateOf } from '../../../compute/prices.js';
import { confirmedOperationPrice } from '../../../compute/operation-prices.js';
import { Billing, OrderType, billingNames, isPackage, Status, type Billing as BillingCode } from '../../../compute/states.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ByInstance, InstanceView } from '@rc/api-contract/user/compute';
import { ChangeBillingBody, CloneBody, LiftConfigBody, RenewBody, ScheduleStopBody } from '@rc/api-contract/user/instance';

const tags = ['容器实例'];
const response = { 200: Envelope(InstanceView) };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const operate = (
    request: FastifyRequest,
    id: number,
    operation: Operation,
    msg: string,
    work: Parameters<typeof operateOnInstance>[3],
    note?: (instance: InstanceRow) => string,
  ) => operateOnInstance(app, request, { id, operation, msg, note }, work);

  app.post('/auth/user/instance/start', { schema: { tags, summary: '开机', body: ByInstance, response } }, (request) =>
    operate(request, request.body.id, 'start', '开机中', (tx, instance, now) =>
      startInstance(tx, app.compute.driver, instance, now, { noGpu: false }),
    ),
  );

  app.post('/auth/user/instance/non/device/start', { schema: { tags, summary: '无卡模式开机', body: ByInstance, response } }, (request) =>
    operate(request, request.body.id, 'nonGpuStart', '无卡模式开机中', (tx, instance, now) =>
      startInstance(tx, app.compute.driver, instance, now, { noGpu: true }),
    ),
  );

  app.post(
    '/auth/user/instance/start/queue',
    { schema: { tags, summary: '排队等待GPU：主机有空闲GPU时按排队顺序自动开机', body: ByInstance, response } },
    (request) =>
      operate(request, request.body.id, 'queueStart', '已加入排队，有空闲GPU时自动开机', (tx, instance, now) =>
        joinGpuQueue(tx, instance, now),
      ),
  );

  app.post('/auth/user/instance/start/queue/cancel', { schema: { tags, summary: '取消排队', body: ByInstance, response } }, (request) =>
    operate(request, request.body.id, 'cancelQueue', '已取消排队', (tx, instance) => leaveGpuQueue(tx, instance.id)),
  );

  app.post('/auth/user/instance/stop', { schema: { tags, summary: '关机', body: ByInstance, response } }, (request) =>
    operate(request, request.body.id, 'stop', '关机中', (tx, instance, now) => stopInstance(tx, app.compute.driver, instance, now)),
  );

  app.post(
    '/auth/user/instance/schedule/stop',
    { schema: { tags, summary: '定时关机（0 取消）', body: ScheduleStopBody, response } },
    (request) => {
      const { id, minutes } = request.body;
      return operate(
        request,
        id,
        'scheduleStop',
        minutes ? '已设置定时关机' : '已取消定时关机',
        (tx, _instance, now) =>
          tx
            .update(instances)
            .set({ stopAt: minutes ? new Date(now.getTime() + minutes * 60_000) : null })
            .where(eq(instances.id, id)),
        () => (minutes ? `${minutes} 分钟后关机` : '取消定时关机'),
      );
    },
  );

  app.post('/auth/user/instance/release/instance', { schema: { tags, summary: '释放实例', body: ByInstance, response } }, (request) =>
    operate(request, request.body.id, 'release', '实例释放中', (tx, instance, now) =>
      releaseInstance(tx, app.compute.driver, instance, now),
    ),
  );

  app.post(
    '/auth/user/instance/change/billing',
    { schema: { tags, summary: '转换计费', body: ChangeBillingBody, response } },
    (request) => {
      const { id, billingType, duration = 1, quoteToken } = request.body;
      return operate(
        request,
        id,
        'changeBilling',
        '计费方式已转换',
        async (tx, instance, now) => {
          const { priced, prices } = await confirmedOperationPrice(tx, app.quotes, {
            token: quoteToken,
            instance,
            request: { operation: 'changeBilling', id, billingType, duration },
            now,
          });
          const { model, site } = prices;
          if (isPackage(billingType)) {
            const gpuIndices =
              instance.status === Status.stopped
                ? await takeGpus(tx, instance.nodeId, instance.gpuCount, noFreeGpus(instance.gpuCount, site))
                : instance.gpuIndices;
            await settleInstance(tx, instance, now);
            const expiresAt = await buyPackagePeriods(
              tx,
              instance,
              { billingType, duration, from: now, reason: 'changeBilling' },
              { model, site },
              now,
            );
            await tx
              .update(instances)
              .set({
                billingType,
                packageExpiresAt: expiresAt,
                gpuHeld: instance.gpuCount,
                gpuIndices,
                meteredUntil: null,
                dayRate: 0,
                stoppedAt: null,
                releaseWarnedAt: null,
              })
              .where(eq(instances.id, instance.id));
            return;
          }
          // Package → pay-as-you-go: the unused time is refunded at the package's own daily price, as quoted.
          const running = instance.status === Status.running;
          if (!running) await returnGpus(tx, instance.nodeId, instance.gpuHeld);
          await placeOrder(
            tx,
            {
              userId: instance.userId,
              instanceId: instance.id,
              orderType: OrderType.changeBilling,
              billingType,
              amount: priced.amount,
              detail: { refund: -priced.amount, items: priced.items },
              now,
            },
            { kind: 'refund', note: `实例「${instance.name}」转为按量计费，退还剩余时长` },
          );
          await tx
            .update(instances)
            .set({
              billingType: Billing.payAsYouGo,
              packageExpiresAt: null,
              gpuHeld: running ? instance.gpuHeld : 0,
              gpuIndices: running ? instance.gpuIndices : [],
              meteredUntil: running ? now : null,
              meterCarry: 0,
              dayRate: dayRateOf({ gpuHeld: instance.gpuCount, noGpu: false, dataDiskExtraGb: instance.dataDiskExtraGb }, model, site),
              stoppedAt: running ? null : now,
            })
            .where(eq(instances.id, instance.id));
        },
        (instance) =>
          `${billingNames[instance.billingType as BillingCode]} → ${billingNames[billingType as BillingCode]}${isPackage(billingType) ? ` ×${duration}` : ''}`,
      );
    },
  );

  app.post(
    '/auth/user/instance/lift/config',
    { schema: { tags, summary: '升降配置（同主机GPU数量）', body: LiftConfigBody, response } },
    (request) =>
      operate(
        request,
        request.body.id,
        'liftConfig',
        '配置已变更，开机后生效',
        async (tx, instance, now) => {
          const { id, gpuCount, quoteToken } = request.body;
          await confirmedOperationPrice(tx, app.quotes, {
            token: quoteToken,
            instance,
            request: { operation: 'liftConfig', id, gpuCount },
            now,
          });
          const [node] = await tx.select().from(computeNodes).where(eq(computeNodes.id, instance.nodeId));
          if (!node || gpuCount > node.gpuTotal)
            throw conflict(`该主机共 ${node?.gpuTotal ?? 0} 张GPU，最多可配置 ${node?.gpuTotal ?? 0} 张`);
          await recordOrder(tx, {
            userId: instance.userId,
            instanceId: instance.id,
            orderType: OrderType.changeConfig,
            billingType: instance.billingType,
            amount: 0,
            detail: { from: instance.gpuCount, to: gpuCount },
            now,
          });
          await tx.update(instances).set({ gpuCount }).where(eq(instances.id, instance.id));
        },
        (instance) => `GPU ${instance.gpuCount} 卡 → ${request.body.gpuCount} 卡`,
      ),
  );

  app.post('/auth/user/instance/clone', { schema: { tags, summary: '克隆实例', body: CloneBody, response } }, async (request) => {
    const user = currentUser(request);
    const now = app.clock.now();
    const cloneId = await app.db.transaction(async (tx) => {
      const source = await lockInstance(tx, app.compute.driver, { userId: user.id, id: request.body.id, operation: 'clone', now });
      const { priced, prices } = await confirmedOperationPrice(tx, app.quotes, {
        token: request.body.quoteToken,
        instance: source,
        request: { operation: 'clone', id: source.id },
        now,
      });
      const { model, site } = prices;
      await ensureCanPayAnHour(tx, user.id, priced.requiredBalance);
      const [sameNode] = await tx.select({ gpuFree: computeNodes.gpuFree }).from(computeNodes).where(eq(computeNodes.id, source.nodeId));
      let nodeId = source.nodeId;
      let gpuIndices: number[];
      if ((sameNode?.gpuFree ?? 0) >= source.gpuCount)
        gpuIndices = await takeGpus(tx, nodeId, source.gpuCount, noFreeGpus(source.gpuCount, site));
      else ({ nodeId, gpuIndices } = await takeGpusInRegion(tx, source.regionCode, source.gpuModelId, source.gpuCount));
      const clone = await createInstance(
        tx,
        app.compute.driver,
        {
          userId: user.id,
          name: request.body.name ?? `${source.name}-克隆`.slice(0, 40),
          nodeId,
          gpuIndices,
          gpuCount: source.gpuCount,
          billingType: Billing.payAsYouGo,
          packageExpiresAt: null,
          imageId: source.imageId,
          imageName: source.imageName,
          dataDiskExtraGb: source.dataDiskExtraGb,
          clonedFromId: source.id,
          now,
        },
        model,
        site,
      );
      await recordInstanceEvent(tx, {
        instanceId: clone.id,
        kind: 'create',
        actorUserId: user.id,
        fromStatus: null,
        note: `克隆自「${source.name}」`,
        at: now,
      });
      await recordInstanceEvent(tx, {
        instanceId: source.id,
        kind: 'clone',
        actorUserId: user.id,
        fromStatus: source.status,
        note: `克隆为「${clone.name}」`,
        at: now,
      });
      await recordOrder(tx, {
        userId: user.id,
        instanceId: clone.id,
        orderType: OrderType.create,
        billingType: Billing.payAsYouGo,
        amount: 0,
        detail: { clonedFrom: source.id },
        now,
      });
      return clone.id;
    });
    return ok(await instanceView(app, user.id, cloneId), '克隆实例创建中');
  });

  app.post('/auth/user/instance/renew', { schema: { tags, summary: '续费', body: RenewBody, response } }, (request) =>
    operate(
      request,
      request.body.id,
      'renew',
      '续费成功',
      async (tx, instance, now) => {
        const { id, duration, quoteToken } = request.body;
        const { prices } = await confirmedOperationPrice(tx, app.quotes, {
          token: quoteToken,
          instance,
          request: { operation: 'renew', id, duration },
          now,
        });
        const from = instance.packageExpiresAt && instance.packageExpiresAt > now ? instance.packageExpiresAt : now;
        const billingType = instance.billingType as BillingCode;
        const expiresAt = await buyPackagePeriods(tx, instance, { billingType, duration, from, reason: 'renew' }, prices, now);
        await tx.update(instances).set({ packageExpiresAt: expiresAt }).where(eq(instances.id, instance.id));
      },
      (instance) => `${billingNames[instance.billingType as BillingCode]} ×${request.body.duration}`,
    ),
  );
};

export default routes;
