import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { HpcPartitionQuery, HpcPartitionView } from '@rc/api-contract/hpc/resource';
import { ok } from '../../envelope.js';
import { partitionViews } from '../../hpc/index.js';

const tags = ['超算分区'];

/** The partitions users submit to, with their prices, limits and capacity now. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/partition/list',
    {
      schema: {
        tags,
        summary: '分区：价格、限制与当前容量（不指定集群时为全部集群）',
        querystring: HpcPartitionQuery,
        response: { 200: Envelope(Type.Array(HpcPartitionView)) },
      },
    },
    async (request) => ok(await partitionViews(app, request.query.clusterId)),
  );
};

export default routes;
