import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { MessageListBody, MessageReadBody, MessagesRead, UnreadCount, UserMessage } from '@rc/api-contract/user/message';
import { pagedAnswer } from '../../../lib/index.js';
import { listMessages, markMessagesRead, unreadMessageCount } from '../../../accounts/index.js';

const tags = ['站内消息'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/msg/user/list',
    { schema: { tags, summary: '消息列表', body: MessageListBody, response: { 200: Envelope(Page(UserMessage)) } } },
    async (request) => pagedAnswer(request.body, (window) => listMessages(app.db, currentUser(request).id, request.body.isRead, window)),
  );

  app.post(
    '/auth/msg/user/read',
    { schema: { tags, summary: '标记消息已读', body: MessageReadBody, response: { 200: Envelope(MessagesRead) } } },
    async (request) => ok(await markMessagesRead(app.db, currentUser(request).id, request.body.ids, app.clock.now())),
  );

  app.post('/auth/msg/user/num', { schema: { tags, summary: '未读消息数', response: { 200: Envelope(UnreadCount) } } }, async (request) =>
    ok(await unreadMessageCount(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/msg/user/read/all',
    { schema: { tags, summary: '全部标记已读', response: { 200: Envelope(MessagesRead) } } },
    async (request) => ok(await markMessagesRead(app.db, currentUser(request).id, null, app.clock.now())),
  );
};

export default routes;
