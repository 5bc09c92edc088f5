import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { lecturerFollows, users } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict, notFound } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { PageQuery } from '@rc/api-contract/common';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { FollowedLecturer, LecturerBody } from '@rc/api-contract/user/lecturer';
import { pageWindow } from '../../../lib/page-window.js';

const tags = ['讲师关注'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/lecturer/attention/save',
    { schema: { tags, summary: '关注讲师', body: LecturerBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { lecturerId } = request.body;
      if (lecturerId === id) throw conflict('不能关注自己');
      const [lecturer] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, lecturerId), eq(users.isTeacher, true)));
      if (!lecturer) throw notFound('讲师不存在');
      await app.db.insert(lecturerFollows).values({ userId: id, lecturerId }).onConflictDoNothing();
      return ok(null, '关注成功');
    },
  );

  app.post(
    '/auth/lecturer/attention/list',
    { schema: { tags, summary: '我关注的讲师', body: PageQuery, response: { 200: Envelope(Page(FollowedLecturer)) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const list = await app.db
        .select({ lecturerId: users.id, nickname: users.nickname, headImgUrl: users.headImgUrl, gmtCreate: lecturerFollows.createdAt })
        .from(lecturerFollows)
        .innerJoin(users, eq(users.id, lecturerFollows.lecturerId))
        .where(eq(lecturerFollows.userId, id))
        .orderBy(desc(lecturerFollows.createdAt))
        .limit(pageSize)
        .offset(offset);
      const [total] = await app.db.select({ n: count() }).from(lecturerFollows).where(eq(lecturerFollows.userId, id));
      return ok({ list, total: total?.n ?? 0, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/lecturer/attention/delete',
    { schema: { tags, summary: '取消关注讲师', body: LecturerBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const removed = await app.db
        .delete(lecturerFollows)
        .where(and(eq(lecturerFollows.userId, currentUser(request).id), eq(lecturerFollows.lecturerId, request.body.lecturerId)))
        .returning({ lecturerId: lecturerFollows.lecturerId });
      if (removed.length === 0) throw notFound('尚未关注该讲师');
      return ok(null, '已取消关注');
    },
  );
};

export default routes;
