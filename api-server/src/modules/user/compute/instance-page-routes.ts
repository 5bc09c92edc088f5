import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import {
  addWebPort,
  createPageShare,
  issueDesktopTicket,
  issueInstancePageTicket,
  listPageShares,
  listWebPorts,
  pageInstanceView,
  removeWebPort,
  revokePageShare,
} from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import {
  AddInstanceWebPortBody,
  DesktopInstance,
  CreatedPageShare,
  CreatePageShareBody,
  InstancePagePort,
  InstancePageShare,
  InstancePageTicket,
  InstanceWebPort,
  InstanceWebPortsBody,
  PageInstance,
  RevokePageShareBody,
} from '@rc/api-contract/user/instance-pages';

const tags = ['容器实例'];
const portList = { 200: Envelope(Type.Array(InstanceWebPort)) };

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
    '/auth/user/instance/page/view',
    {
      schema: {
        tags,
        summary: '网页端口与远程桌面页面显示的实例：自己的实例，或共享余额的子账号的实例',
        body: InstanceWebPortsBody,
        response: { 200: Envelope(PageInstance) },
      },
    },
    async (request) => ok(await pageInstanceView(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/user/instance/page/ports',
    { schema: { tags, summary: '实例的网页端口：JupyterLab、应用模板的端口与自定义服务', body: InstanceWebPortsBody, response: portList } },
    async (request) => ok(await listWebPorts(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/user/instance/page/port/add',
    { schema: { tags, summary: '添加自定义服务（名称与端口，最多 5 个）', body: AddInstanceWebPortBody, response: portList } },
    async (request) => ok(await addWebPort(app, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/user/instance/page/port/remove',
    { schema: { tags, summary: '删除自定义服务', body: InstancePagePort, response: portList } },
    async (request) => ok(await removeWebPort(app, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/user/instance/page/share/create',
    {
      schema: {
        tags,
        summary: '为网页端口创建分享链接（1 小时、1 天或 7 天有效，无需登录即可访问，可随时撤销）',
        body: CreatePageShareBody,
        response: { 200: Envelope(CreatedPageShare) },
      },
    },
    async (request) => ok(await createPageShare(app, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/user/instance/page/share/list',
    {
      schema: {
        tags,
        summary: '实例仍有效的分享链接',
        body: InstanceWebPortsBody,
        response: { 200: Envelope(Type.Array(InstancePageShare)) },
      },
    },
    async (request) => ok(await listPageShares(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/user/instance/page/share/revoke',
    {
      schema: {
        tags,
        summary: '撤销分享链接：立即失效',
        body: RevokePageShareBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok(await revokePageShare(app, currentUser(request).id, request.body.shareId)),
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
