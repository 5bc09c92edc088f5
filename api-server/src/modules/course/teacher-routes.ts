import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  TeacherApplicationIdBody,
  TeacherApplyBody,
  TeacherApplyState,
  TeacherOverview,
  TeacherRejectBody,
  TeacherReviewItem,
  TeacherReviewListBody,
} from '@rc/api-contract/course/teacher';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser, requireOperator } from '../../plugins/index.js';
import {
  applyState,
  applyToTeach,
  approveApplication,
  rejectApplication,
  requireTeacher,
  teacherApplicationQueue,
  teacherOverview,
} from '../../learning/index.js';

const tags = ['讲师'];

/** Becoming a teacher (apply, my application, operator review) and the teacher's overview. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/teacher/apply',
    { schema: { tags, summary: '申请成为讲师（需先实名认证）', body: TeacherApplyBody, response: { 200: Envelope(TeacherApplyState) } } },
    async (request) => {
      const { id } = currentUser(request);
      await applyToTeach(app.db, id, request.body, app.clock.now());
      return ok(await applyState(app.db, id), '申请已提交，请等待审核');
    },
  );

  app.post(
    '/auth/teacher/apply/view',
    { schema: { tags, summary: '我的讲师申请（最近一次）与讲师身份', response: { 200: Envelope(TeacherApplyState) } } },
    async (request) => ok(await applyState(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/teacher/review/list',
    {
      schema: {
        tags,
        summary: '讲师申请列表（运营人员；默认待审核）',
        body: TeacherReviewListBody,
        response: { 200: Envelope(Page(TeacherReviewItem)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await teacherApplicationQueue(app.db, request.body.status ?? 0, { limit: pageSize, offset });
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/teacher/review/approve',
    { schema: { tags, summary: '通过讲师申请（运营人员）', body: TeacherApplicationIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const operator = requireOperator(request);
      await approveApplication(app.db, operator.id, request.body.id, app.clock.now());
      return ok(null, '已通过');
    },
  );

  app.post(
    '/auth/teacher/review/reject',
    {
      schema: { tags, summary: '驳回讲师申请（运营人员，须填写原因）', body: TeacherRejectBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      const operator = requireOperator(request);
      await rejectApplication(app.db, operator.id, request.body.id, request.body.reviewNote, app.clock.now());
      return ok(null, '已驳回');
    },
  );

  app.post(
    '/auth/teacher/overview',
    { schema: { tags, summary: '讲师概览：课程、学员、课程收益与最近售出', response: { 200: Envelope(TeacherOverview) } } },
    async (request) => {
      const teacher = requireTeacher(currentUser(request));
      return ok(await teacherOverview(app.db, teacher.id, app.clock.now()));
    },
  );
};

export default routes;
