import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { PageQuery } from '@rc/api-contract/common';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { FollowedLecturer, LecturerBody } from '@rc/api-contract/user/lecturer';
import { pagedAnswer } from '../../../lib/index.js';
import { followedLecturers, followLecturer, unfollowLecturer } from '../../../learning/index.js';

const tags = ['讲师关注'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/lecturer/attention/save',
    { schema: { tags, summary: '关注讲师', body: LecturerBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await followLecturer(app.db, currentUser(request).id, request.body.lecturerId);
      return ok(null, '关注成功');
    },
  );

  app.post(
    '/auth/lecturer/attention/list',
    { schema: { tags, summary: '我关注的讲师', body: PageQuery, response: { 200: Envelope(Page(FollowedLecturer)) } } },
    async (request) => pagedAnswer(request.body, (window) => followedLecturers(app.db, currentUser(request).id, window)),
  );

  app.post(
    '/auth/lecturer/attention/delete',
    { schema: { tags, summary: '取消关注讲师', body: LecturerBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await unfollowLecturer(app.db, currentUser(request).id, request.body.lecturerId);
      return ok(null, '已取消关注');
    },
  );
};

export default routes;
