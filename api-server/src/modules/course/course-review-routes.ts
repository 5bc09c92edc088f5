import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { CourseIdBody, RejectBody, ReviewCourseItem, ReviewCourseView, ReviewListBody } from '@rc/api-contract/course/authoring';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { requireOperator } from '../../plugins/index.js';
import { approveCourse, courseReviewQueue, rejectCourse, reviewView } from '../../learning/index.js';

const tags = ['课程审核'];

/** Course review by operators: approve puts a course on the shelf, reject sends it back with a reason. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/course/review/list',
    {
      schema: {
        tags,
        summary: '待审核的课程（运营；默认审核中，先提交的在前）',
        body: ReviewListBody,
        response: { 200: Envelope(Page(ReviewCourseItem)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      return ok({ ...(await courseReviewQueue(app.db, request.body, { limit: pageSize, offset })), pageNum, pageSize });
    },
  );

  app.post(
    '/auth/course/review/view',
    { schema: { tags, summary: '审核查看课程（含章节、课时与附件）', body: CourseIdBody, response: { 200: Envelope(ReviewCourseView) } } },
    async (request) => {
      requireOperator(request);
      return ok(await reviewView(app.db, request.body.id));
    },
  );

  app.post(
    '/auth/course/review/approve',
    { schema: { tags, summary: '审核通过（上架并通知讲师）', body: CourseIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await approveCourse(app, requireOperator(request), request.body.id);
      return ok(null, '审核通过，课程已上架');
    },
  );

  app.post(
    '/auth/course/review/reject',
    { schema: { tags, summary: '驳回（须填写原因，通知讲师）', body: RejectBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await rejectCourse(app, requireOperator(request), request.body.id, request.body.reason);
      return ok(null, '已驳回');
    },
  );
};

export default routes;
