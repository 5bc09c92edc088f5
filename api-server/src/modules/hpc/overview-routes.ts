import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { HpcOverview } from '@rc/api-contract/hpc/resource';
import { ok } from '../../envelope.js';
import { hpcOverview } from '../../hpc/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['超算概览'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/overview',
    {
      schema: { tags, summary: '超算控制台：账号、进行中的作业、本月用量、资源包余量与集群存储', response: { 200: Envelope(HpcOverview) } },
    },
    async (request) => ok(await hpcOverview(app, currentUser(request).id)),
  );
};

export default routes;
