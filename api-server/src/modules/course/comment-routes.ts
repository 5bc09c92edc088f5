import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  CourseCommentIdBody,
  CourseCommentListBody,
  CourseCommentSaveBody,
  CourseCommentSaved,
  CourseCommentThread,
} from '@rc/api-contract/course/comment';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { viewerOf } from '../../community/index.js';
import { commentThreads, deleteComment, saveComment } from '../../learning/index.js';

const tags = ['课程评价'];

/** Course reviews (1–5 stars by enrolled learners) and replies. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/courseComment/list',
    {
      schema: {
        tags,
        summary: '课程评价（最新在前，含回复）',
        body: CourseCommentListBody,
        response: { 200: Envelope(Page(CourseCommentThread)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const page = await commentThreads(app.db, await viewerOf(app, request), request.body.courseId, { limit: pageSize, offset });
      return ok({ ...page, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/courseComment/save',
    {
      schema: {
        tags,
        summary: '评价课程（已报名学员，1-5分，每人一次）或回复评价',
        body: CourseCommentSaveBody,
        response: { 200: Envelope(CourseCommentSaved) },
      },
    },
    async (request) => {
      const saved = await saveComment(app, currentUser(request), request.body);
      return ok(saved, request.body.parentId === undefined ? '评价成功' : '回复成功');
    },
  );

  app.post(
    '/auth/courseComment/delete',
    {
      schema: {
        tags,
        summary: '删除评论（自己的，或本课程讲师删除课程下任意评论）',
        body: CourseCommentIdBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await deleteComment(app.db, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );
};

export default routes;
