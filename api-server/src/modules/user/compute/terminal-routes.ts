import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { issueTerminalTicket, serveTerminal } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ByInstance } from '@rc/api-contract/user/compute';
import { TerminalSizeQuery, TerminalTicket } from '@rc/api-contract/user/web-terminal';

const tags = ['容器实例'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/terminal/ticket',
    {
      schema: {
        tags,
        summary: '网页终端：换取打开终端的一次性凭证（30 秒内有效）',
        body: ByInstance,
        response: { 200: Envelope(TerminalTicket) },
      },
    },
    async (request) => ok(await issueTerminalTicket(app, currentUser(request).id, request.body.id)),
  );

  // The ticket is the credential here: a browser cannot send the session header on a WebSocket.
  app.get(
    '/instance/terminal/:ticket',
    {
      websocket: true,
      schema: {
        tags,
        summary: '网页终端（WebSocket）：二进制帧为终端字节，文本帧 {"type":"resize","cols":N,"rows":M} 调整大小',
        params: Type.Object({ ticket: Type.String({ maxLength: 64 }) }),
        querystring: TerminalSizeQuery,
      },
    },
    (socket, request) =>
      serveTerminal(app, socket, {
        ticket: request.params.ticket,
        size: { cols: request.query.cols, rows: request.query.rows },
        remoteAddress: request.ip,
      }),
  );
};

export default routes;
