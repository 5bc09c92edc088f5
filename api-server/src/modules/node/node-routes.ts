import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { DeviceTypeStatisticsQuery, GpuModelStat, NodeListBody, NodeView, Region } from '@rc/api-contract/node/node';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { computeNodes, gpuModels, regions } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/page-window.js';

const tags = ['算力节点'];

/** `/apis/node/...`: regions, GPU models with their free counts and prices, and nodes. */
const nodeModule: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/region/list-enable',
    { schema: { tags, summary: '可用地区', response: { 200: Envelope(Type.Array(Region)) } } },
    async () => {
      const list = await app.db
        .select({ regionCode: regions.code, regionName: regions.name })
        .from(regions)
        .where(eq(regions.enabled, true))
        .orderBy(asc(regions.sort));
      return ok(list);
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
      const { regionCode } = request.query;
      const list = await app.db
        .select({
          gpuModelId: gpuModels.id,
          deviceType: gpuModels.code,
          deviceName: gpuModels.name,
          memoryGb: gpuModels.memoryGb,
          hourPrice: gpuModels.hourPrice,
          dayPrice: gpuModels.dayPrice,
          weekPrice: gpuModels.weekPrice,
          monthPrice: gpuModels.monthPrice,
          nodeCount: count(computeNodes.id),
          totalGpu: sql<number>`coalesce(sum(${computeNodes.gpuTotal}), 0)::int`,
          freeGpu: sql<number>`coalesce(sum(${computeNodes.gpuFree}), 0)::int`,
          maxFreePerNode: sql<number>`coalesce(max(${computeNodes.gpuFree}), 0)::int`,
          cpuPerGpu: sql<number>`coalesce(min(${computeNodes.cpuPerGpu}), 0)::int`,
          memoryPerGpuGb: sql<number>`coalesce(min(${computeNodes.memoryPerGpuGb}), 0)::int`,
        })
        .from(gpuModels)
        .innerJoin(
          computeNodes,
          and(
            eq(computeNodes.gpuModelId, gpuModels.id),
            eq(computeNodes.enabled, true),
            regionCode ? eq(computeNodes.regionCode, regionCode) : undefined,
          ),
        )
        .groupBy(gpuModels.id)
        .orderBy(asc(gpuModels.sort));
      return ok(list);
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
      const { regionCode, gpuModelId } = request.body;
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const where = and(
        eq(computeNodes.enabled, true),
        regionCode ? eq(computeNodes.regionCode, regionCode) : undefined,
        gpuModelId ? eq(computeNodes.gpuModelId, gpuModelId) : undefined,
      );
      const list = await app.db
        .select({
          id: computeNodes.id,
          name: computeNodes.name,
          regionCode: computeNodes.regionCode,
          regionName: regions.name,
          gpuModelId: computeNodes.gpuModelId,
          deviceName: gpuModels.name,
          gpuTotal: computeNodes.gpuTotal,
          gpuFree: computeNodes.gpuFree,
          cpuPerGpu: computeNodes.cpuPerGpu,
          memoryPerGpuGb: computeNodes.memoryPerGpuGb,
          systemDiskGb: computeNodes.systemDiskGb,
          dataDiskMaxGb: computeNodes.dataDiskMaxGb,
          cudaVersion: computeNodes.cudaVersion,
          hourPrice: gpuModels.hourPrice,
        })
        .from(computeNodes)
        .innerJoin(gpuModels, eq(gpuModels.id, computeNodes.gpuModelId))
        .innerJoin(regions, eq(regions.code, computeNodes.regionCode))
        .where(where)
        .orderBy(desc(computeNodes.gpuFree), asc(computeNodes.id))
        .limit(pageSize)
        .offset(offset);
      const [total] = await app.db.select({ n: count() }).from(computeNodes).where(where);
      return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
    },
  );
};

export default nodeModule;
