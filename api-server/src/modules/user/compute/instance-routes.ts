import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import {
  type Billing as BillingCode,
  billingNames,
  changeBilling,
  changeGpuCount,
  cloneInstance,
  type InstanceRow,
  instanceView,
  isPackage,
  joinGpuQueue,
  leaveGpuQueue,
  operateOnInstance,
  type Operation,
  releaseInstance,
  renewPackage,
  scheduleStop,
  startInstance,
  stopInstance,
} from '../../../compute/index.js';
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
        (tx, _instance, now) => scheduleStop(tx, id, minutes, now),
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
      const { id, billingType, duration = 1 } = request.body;
      return operate(
        request,
        id,
        'changeBilling',
        '计费方式已转换',
        (tx, instance, now) => changeBilling(tx, app.quotes, instance, request.body, now),
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
        (tx, instance, now) => changeGpuCount(tx, app.quotes, instance, request.body, now),
        (instance) => `GPU ${instance.gpuCount} 卡 → ${request.body.gpuCount} 卡`,
      ),
  );

  app.post('/auth/user/instance/clone', { schema: { tags, summary: '克隆实例', body: CloneBody, response } }, async (request) => {
    const user = currentUser(request);
    const cloneId = await cloneInstance(
      { db: app.db, driver: app.compute.driver, quotes: app.quotes },
      user.id,
      request.body,
      app.clock.now(),
    );
    return ok(await instanceView(app, user.id, cloneId), '克隆实例创建中');
  });

  app.post('/auth/user/instance/renew', { schema: { tags, summary: '续费', body: RenewBody, response } }, (request) =>
    operate(
      request,
      request.body.id,
      'renew',
      '续费成功',
      (tx, instance, now) => renewPackage(tx, app.quotes, instance, request.body, now),
      (instance) => `${billingNames[instance.billingType as BillingCode]} ×${request.body.duration}`,
    ),
  );
};

export default routes;
