import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  AttemptView,
  ExamStudentList,
  GradeAnswerBody,
  GradeAnswerResult,
  GradingQueue,
  GradingQueueBody,
  MarkedPaper,
  MyExamScore,
  PublishResult,
  RemarkResult,
} from '@rc/api-contract/exam/grading';
import { AttemptIdBody, ExamIdBody } from '@rc/api-contract/exam/sheet';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  attemptView,
  examStudentList,
  gradeAnswer,
  gradingQueue,
  markedPaper,
  myExamScore,
  publishScores,
  remarkHandedIn,
} from '../../exam/index.js';

const tags = ['考试批阅'];

/** Grading: the students and their attempts, the anonymous short-answer queue, 「批阅完成」, and each student's own result. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/exam/student/relation/list',
    {
      schema: {
        tags,
        summary: '考试的考生与答卷（老师与班级管理员）：状态、得分、交卷方式、离开页面次数，未作答的学生为未参加',
        body: ExamIdBody,
        response: { 200: Envelope(ExamStudentList) },
      },
    },
    async (request) => ok(await examStudentList(app.db, currentUser(request), request.body.examId, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/view',
    {
      schema: {
        tags,
        summary: '一份答卷与作答过程中的离开页面、断网记录（老师与班级管理员；学生本人在成绩发布后）',
        body: AttemptIdBody,
        response: { 200: Envelope(AttemptView) },
      },
    },
    async (request) => ok(await attemptView(app.db, currentUser(request), request.body.attemptId)),
  );

  app.post(
    '/auth/grade/exam/student/relation/view/score',
    {
      schema: {
        tags,
        summary: '我的考试成绩：批阅完成前只有客观题得分，之后有总分、简答题得分与评语',
        body: ExamIdBody,
        response: { 200: Envelope(MyExamScore) },
      },
    },
    async (request) => ok(await myExamScore(app.db, currentUser(request), request.body.examId)),
  );

  app.put(
    '/auth/grade/exam/student/relation/audit/complete',
    {
      schema: {
        tags,
        summary: '批阅完成：发布成绩并通知已交卷的学生（简答题全部批阅、无人仍在作答时）',
        body: ExamIdBody,
        response: { 200: Envelope(PublishResult) },
      },
    },
    async (request) => ok(await publishScores(app.db, currentUser(request), request.body.examId, app.clock.now())),
  );

  app.post(
    '/auth/grade/student/exam/answer/view',
    {
      schema: {
        tags,
        summary: '批阅后的答卷：每题的作答与得分；标准答案与解析给老师，或在允许时给成绩已发布的学生',
        body: AttemptIdBody,
        response: { 200: Envelope(MarkedPaper) },
      },
    },
    async (request) => ok(await markedPaper(app.db, currentUser(request), request.body.attemptId)),
  );

  app.post(
    '/auth/grade/student/exam/answer/sys/audit',
    {
      schema: {
        tags,
        summary: '系统重新判分：按当前标准答案重判全部已交答卷的客观题，保留老师的简答题评分',
        body: ExamIdBody,
        response: { 200: Envelope(RemarkResult) },
      },
    },
    async (request) => ok(await remarkHandedIn(app.db, currentUser(request), request.body.examId)),
  );

  app.post(
    '/auth/grade/student/exam/answer/queue',
    {
      schema: {
        tags,
        summary: '简答题批阅队列（匿名：只有答卷编号，没有学生信息）',
        body: GradingQueueBody,
        response: { 200: Envelope(GradingQueue) },
      },
    },
    async (request) => ok(await gradingQueue(app.db, currentUser(request), request.body.examId, request.body.graded)),
  );

  app.put(
    '/auth/grade/student/exam/answer/audit',
    {
      schema: {
        tags,
        summary: '批阅一道简答题：得分（不超过分值，最多一位小数）与评语；成绩发布后仍可更正',
        body: GradeAnswerBody,
        response: { 200: Envelope(GradeAnswerResult) },
      },
    },
    async (request) => ok(await gradeAnswer(app.db, currentUser(request), request.body, app.clock.now())),
  );
};

export default routes;
