import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messages } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { MessageListBody, MessageReadBody, MessagesRead, UnreadCount, UserMessage } from '@rc/api-contract/user/message';
import { pageWindow } from '../../../lib/page-window.js';
import { noteUserChange } from '../../../accounts/user-changes.js';

const tags = ['站内消息'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/msg/user/list',
    { schema: { tags, summary: '消息列表', body: MessageListBody, response: { 200: Envelope(Page(UserMessage)) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const where =
        request.body.isRead === undefined
          ? eq(messages.userId, id)
          : and(eq(messages.userId, id), eq(messages.isRead, request.body.isRead));
      const list = await app.db
        .select({
          id: messages.id,
          title: messages.title,
          content: messages.content,
          isRead: messages.isRead,
          gmtCreate: messages.createdAt,
        })
        .from(messages)
        .where(where)
        .orderBy(desc(messages.id))
        .limit(pageSize)
        .offset(offset);
      const [total] = await app.db.select({ n: count() }).from(messages).where(where);
      return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/msg/user/read',
    { schema: { tags, summary: '标记消息已读', body: MessageReadBody, response: { 200: Envelope(MessagesRead) } } },
    async (request) => {
      const { id } = currentUser(request);
      const read = await app.db
        .update(messages)
        .set({ isRead: true, readAt: app.clock.now() })
        .where(and(eq(messages.userId, id), inArray(messages.id, request.body.ids), eq(messages.isRead, false)))
        .returning({ id: messages.id });
      if (read.length > 0) noteUserChange(id, 'messages');
      return ok({ count: read.length });
    },
  );

  app.post('/auth/msg/user/num', { schema: { tags, summary: '未读消息数', response: { 200: Envelope(UnreadCount) } } }, async (request) => {
    const [unread] = await app.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, currentUser(request).id), eq(messages.isRead, false)));
    return ok({ num: unread?.n ?? 0 });
  });

  app.post(
    '/auth/msg/user/read/all',
    { schema: { tags, summary: '全部标记已读', response: { 200: Envelope(MessagesRead) } } },
    async (request) => {
      const { id } = currentUser(request);
      const read = await app.db
        .update(messages)
        .set({ isRead: true, readAt: app.clock.now() })
        .where(and(eq(messages.userId, id), eq(messages.isRead, false)))
        .returning({ id: messages.id });
      if (read.length > 0) noteUserChange(id, 'messages');
      return ok({ count: read.length });
    },
  );
};

export default routes;
