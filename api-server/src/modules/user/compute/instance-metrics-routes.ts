import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { metricsSeries, operateOnInstance, setIdleStop } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { InstanceView } from '@rc/api-contract/user/compute';
import { IdleStopBody, InstanceMetrics, InstanceMetricsBody } from '@rc/api-contract/user/instance-metrics';

const tags = ['容器实例'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/metrics',
    {
      schema: {
        tags,
        summary: '实例监控：CPU、内存、GPU 利用率（每 15 秒采样，按时间段平均，每条曲线最多约 300 个点）',
        body: InstanceMetricsBody,
        response: { 200: Envelope(InstanceMetrics) },
      },
    },
    async (request) => ok(await metricsSeries(app, currentUser(request).id, request.body.id, request.body.hours)),
  );

  app.post(
    '/auth/user/instance/idle/stop',
    {
      schema: {
        tags,
        summary: '闲置自动关机：GPU利用率持续低于阈值达设定分钟数后自动关机（minutes 为 null 关闭）',
        body: IdleStopBody,
        response: { 200: Envelope(InstanceView) },
      },
    },
    (request) => {
      const { id, minutes, percent } = request.body;
      return operateOnInstance(
        app,
        request,
        {
          id,
          operation: 'idleStop',
          msg: minutes === null ? '已关闭闲置自动关机' : '已开启闲置自动关机',
          note: () => (minutes === null ? '关闭闲置自动关机' : `GPU 利用率连续 ${minutes} 分钟低于 ${percent}% 时自动关机`),
        },
        (tx) => setIdleStop(tx, id, minutes, percent),
      );
    },
  );
};

export default routes;
