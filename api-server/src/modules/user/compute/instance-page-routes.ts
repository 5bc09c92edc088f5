import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { issueDesktopTicket, issueInstancePageTicket } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { DesktopInstance, InstancePagePort, InstancePageTicket } from '@rc/api-contract/user/instance-pages';

const tags = ['容器实例'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/page/ticket',
    {
      schema: {
        tags,
        summary: '实例网页（JupyterLab 等）：换取在实例独立域名上打开端口的一次性凭证（60 秒内有效）',
        body: InstancePagePort,
        response: { 200: Envelope(InstancePageTicket) },
      },
    },
    async (request) =>
      ok(await issueInstancePageTicket(app, currentUser(request).id, { instanceId: request.body.id, port: request.body.port })),
  );

  app.post(
    '/auth/user/instance/desktop/ticket',
    {
      schema: {
        tags,
        summary: '远程桌面：换取在实例独立域名上打开 noVNC 的一次性凭证（60 秒内有效），仅限带桌面的镜像',
        body: DesktopInstance,
        response: { 200: Envelope(InstancePageTicket) },
      },
    },
    async (request) => ok(await issueDesktopTicket(app, currentUser(request).id, request.body.id)),
  );
};

export default routes;
