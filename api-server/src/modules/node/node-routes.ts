import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { DeviceTypeStatisticsQuery, GpuModelStat, NodeListBody, NodeView, Region } from '@rc/api-contract/node/node';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { enabledRegions, gpuModelStatistics, nodePage } from '../../compute/index.js';

const tags = ['算力节点'];

/** `/apis/node/...`: regions, GPU models with their free counts and prices, and nodes. */
const nodeModule: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/region/list-enable',
    { schema: { tags, summary: '可用地区', response: { 200: Envelope(Type.Array(Region)) } } },
    async () => {
      return ok(await enabledRegions(app.db));
    },
  );

  app.get(
    '/auth/deviceType/statistics',
    {
      schema: {
        tags,
        summary: 'GPU型号统计（含空闲数与价格）',
        querystring: DeviceTypeStatisticsQuery,
        response: { 200: Envelope(Type.Array(GpuModelStat)) },
      },
    },
    async (request) => {
      return ok(await gpuModelStatistics(app.db, request.query.regionCode));
    },
  );

  app.post(
    '/auth/list',
    {
      schema: {
        tags,
        summary: '主机列表（含每台空闲GPU）',
        body: NodeListBody,
        response: { 200: Envelope(Page(NodeView)) },
      },
    },
    async (request) => {
      return pagedAnswer(request.body, (window) => nodePage(app.db, request.body, window));
    },
  );
};

export default nodeModule;
