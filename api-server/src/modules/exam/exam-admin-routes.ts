import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  CompensateBody,
  CompensateResult,
  ExamAdminItem,
  ExamAdminPageBody,
  ExamEditBody,
  ExamPaper,
  ExamSaveBody,
  ExamSaved,
  ExamStudentIds,
  ExtraTimeBody,
  ExtraTimeResult,
  ItemAnswerBody,
  ItemAnswerResult,
} from '@rc/api-contract/exam/exam-admin';
import { GradeQuestionPageBody, QuestionItem } from '@rc/api-contract/exam/question-bank';
import { ExamIdBody } from '@rc/api-contract/exam/sheet';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  compensate,
  correctItemKey,
  deleteExam,
  editExam,
  examPaper,
  examsOfGrade,
  examStudentIds,
  gradeBank,
  grantExtraTime,
  saveExam,
} from '../../exam/index.js';

const tags = ['考试管理'];

/** A class's exams for its teacher and admins: set, edit, compensate, delete. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/exam/admin/page',
    {
      schema: {
        tags,
        summary: '班级的考试（老师与班级管理员），含应考、已开始、已交卷与待批阅人数',
        body: ExamAdminPageBody,
        response: { 200: Envelope(Page(ExamAdminItem)) },
      },
    },
    async (request) =>
      pagedAnswer(request.body, (window) => examsOfGrade(app.db, currentUser(request), request.body.gradeId, window, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/save',
    {
      schema: {
        tags,
        summary: '发布考试：从班级老师的题库选题并设定分值、时间、次数与考生，通知考生',
        body: ExamSaveBody,
        response: { 200: Envelope(ExamSaved) },
      },
    },
    async (request) => ok(await saveExam(app.db, currentUser(request), request.body, app.clock.now()), '考试已发布'),
  );

  app.post(
    '/auth/grade/exam/question/page',
    {
      schema: {
        tags,
        summary: '组卷时的题库：班级老师的题目（老师与班级管理员）',
        body: GradeQuestionPageBody,
        response: { 200: Envelope(Page(QuestionItem)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => gradeBank(app.db, currentUser(request), request.body, window)),
  );

  app.post(
    '/auth/grade/exam/get/student/ids',
    { schema: { tags, summary: '考试的指定考生与补考名单', body: ExamIdBody, response: { 200: Envelope(ExamStudentIds) } } },
    async (request) => ok(await examStudentIds(app.db, currentUser(request), request.body.examId)),
  );

  app.post(
    '/auth/grade/exam/paper',
    { schema: { tags, summary: '试卷详情（含标准答案，老师与班级管理员）', body: ExamIdBody, response: { 200: Envelope(ExamPaper) } } },
    async (request) => ok(await examPaper(app.db, currentUser(request), request.body.examId)),
  );

  app.post(
    '/auth/grade/exam/edit',
    {
      schema: {
        tags,
        summary: '修改考试（已有学生开始作答后只能修改是否展示答案）',
        body: ExamEditBody,
        response: { 200: Envelope(ExamSaved) },
      },
    },
    async (request) => ok(await editExam(app.db, currentUser(request), request.body, app.clock.now()), '考试已修改'),
  );

  app.post(
    '/auth/grade/exam/edit/compensate/status',
    {
      schema: {
        tags,
        summary: '为学生安排补考（时间窗口与补考次数），或以 clear 取消补考',
        body: CompensateBody,
        response: { 200: Envelope(CompensateResult) },
      },
    },
    async (request) => {
      const result = await compensate(app.db, currentUser(request), request.body, app.clock.now());
      return ok(result, request.body.clear ? '已取消补考' : '已安排补考');
    },
  );

  app.put(
    '/auth/grade/exam/extra/time',
    {
      schema: {
        tags,
        summary: '为学生延长考试时间（考前或考试中均可；进行中的答卷随即生效；0 为取消），记录设置人',
        body: ExtraTimeBody,
        response: { 200: Envelope(ExtraTimeResult) },
      },
    },
    async (request) => {
      const result = await grantExtraTime(app.db, currentUser(request), request.body, app.clock.now());
      return ok(result, request.body.minutes > 0 ? `已为 ${result.count} 名学生延长 ${request.body.minutes} 分钟` : '已取消延长时间');
    },
  );

  app.post(
    '/auth/grade/exam/del',
    { schema: { tags, summary: '删除考试（已有学生作答的不能删除）', body: ExamIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteExam(app.db, currentUser(request), request.body.examId, app.clock.now());
      return ok(null, '考试已删除');
    },
  );

  app.put(
    '/auth/grade/exam/item/answer',
    {
      schema: {
        tags,
        summary: '更正试题的标准答案，并重新判分所有已交的答卷',
        body: ItemAnswerBody,
        response: { 200: Envelope(ItemAnswerResult) },
      },
    },
    async (request) => {
      const result = await correctItemKey(app.db, currentUser(request), request.body);
      return ok(result, `答案已更正，${result.regraded} 份答卷已重新判分`);
    },
  );
};

export default routes;
