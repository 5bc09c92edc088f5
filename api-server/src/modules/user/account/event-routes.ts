import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EventStreamDescription, EventStreamQuery, EventStreamTicket } from '@rc/api-contract/user/push';
import { currentUser } from '../../../plugins/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ok } from '../../../envelope.js';
import { issueStreamTicket } from '../../../push/index.js';

const tags = ['账户'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/events',
    {
      config: { ticketInQuery: true },
      schema: {
        tags,
        summary:
          '服务器推送：余额、实例状态、未读消息与上传完成（每个标签页一条 EventSource；用一次性票据打开，断线后按 Last-Event-ID 续传）',
        querystring: EventStreamQuery,
        response: { 200: Type.Union([Type.String({ description: EventStreamDescription }), Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => app.push.openStream(request, reply, currentUser(request)),
  );

  app.post(
    '/auth/events/ticket',
    {
      schema: {
        tags,
        summary: '服务器推送的票据：一次性、60 秒内有效，用来打开推送连接（会话令牌不出现在网址中）',
        response: { 200: Envelope(EventStreamTicket) },
      },
    },
    async (request) => ok(await issueStreamTicket(app, currentUser(request))),
  );
};

export default routes;
