import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { subAccountInstancePages } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { SubAccountInstances, SubAccountInstancesBody } from '@rc/api-contract/user/sub-account-instances';

const tags = ['子账号'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ext/sub/instance/list',
    {
      schema: {
        tags,
        summary: '共享余额子账号的实例：主账号可打开其 JupyterLab、自定义服务与远程桌面（不共享余额的子账号不列出）',
        body: SubAccountInstancesBody,
        response: { 200: Envelope(SubAccountInstances) },
      },
    },
    async (request) => ok(await subAccountInstancePages(app, currentUser(request).id, request.body.subUserId)),
  );
};

export default routes;
