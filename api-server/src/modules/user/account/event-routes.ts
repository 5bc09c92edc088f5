import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EventStreamDescription, EventStreamQuery } from '@rc/api-contract/user/push';
import { currentUser } from '../../../plugins/app/authentication.js';

const tags = ['账户'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/events',
    {
      config: { tokenInQuery: true },
      schema: {
        tags,
        summary:
          '服务器推送：余额、实例状态、未读消息与上传完成（每个标签页一条 EventSource；token 在查询串中，断线后按 Last-Event-ID 续传）',
        querystring: EventStreamQuery,
        response: { 200: Type.String({ description: EventStreamDescription }) },
      },
    },
    async (request, reply) => app.push.openStream(request, reply, currentUser(request)),
  );
};

export default routes;
