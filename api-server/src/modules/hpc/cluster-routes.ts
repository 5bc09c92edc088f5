import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { ClusterItem, UpdateDefaultClusterBody } from '@rc/api-contract/hpc/cluster';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { clustersOfUser, setDefaultCluster } from '../../storage/index.js';

const tags = ['HPC集群'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/cluster/list/byuser',
    { schema: { tags, summary: '我可用的集群、各自的用量与默认集群', response: { 200: Envelope(Type.Array(ClusterItem)) } } },
    async (request) => ok(await clustersOfUser(app, currentUser(request).id)),
  );

  app.post(
    '/auth/cluster/update/default',
    { schema: { tags, summary: '设置默认集群', body: UpdateDefaultClusterBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await setDefaultCluster(app, currentUser(request).id, request.body.clusterId);
      return ok(null, '默认集群已更新');
    },
  );
};

export default routes;
