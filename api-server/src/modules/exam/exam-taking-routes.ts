import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { AttemptEventBody, ExamTips, GradeExamsPageBody, MyExamItem, MyExamsPageBody } from '@rc/api-contract/exam/relation';
import {
  AnswerSaveBody,
  AnswerSaveResult,
  AttemptClock,
  AttemptIdBody,
  ExamIdBody,
  ExamSheet,
  SubmitResult,
} from '@rc/api-contract/exam/sheet';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  attemptClock,
  beginAttempt,
  continueAttempt,
  examTips,
  ignoreExamTip,
  myExamBrief,
  myExams,
  myExamsOfGrade,
  recordAttemptEvent,
  saveAnswers,
  submitAttempt,
} from '../../exam/index.js';

const tags = ['参加考试'];

/** The student's side of an exam: my exams and tips, begin, continue, save answers, hand in, page events. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/exam/student/relation/begin',
    {
      schema: {
        tags,
        summary: '开始考试（服务端开始计时；已有进行中的作答时返回该答卷）',
        body: ExamIdBody,
        response: { 200: Envelope(ExamSheet) },
      },
    },
    async (request) => ok(await beginAttempt(app.db, currentUser(request), request.body.examId, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/clock',
    {
      schema: {
        tags,
        summary: '答卷的截止时间与剩余秒数（服务端时钟；含考试中老师延长的时间，页面据此更新倒计时）',
        body: AttemptIdBody,
        response: { 200: Envelope(AttemptClock) },
      },
    },
    async (request) => ok(await attemptClock(app.db, currentUser(request), request.body.attemptId, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/continue',
    { schema: { tags, summary: '继续作答：已保存的答案与服务端的剩余时间', body: ExamIdBody, response: { 200: Envelope(ExamSheet) } } },
    async (request) => ok(await continueAttempt(app.db, currentUser(request), request.body.examId, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/submit/audit',
    { schema: { tags, summary: '交卷，客观题立即判分', body: AttemptIdBody, response: { 200: Envelope(SubmitResult) } } },
    async (request) => ok(await submitAttempt(app.db, currentUser(request), request.body.attemptId, app.clock.now()), '交卷成功'),
  );

  app.post(
    '/auth/grade/student/exam/answer/save',
    {
      schema: {
        tags,
        summary: '保存答案（带版本号，服务端只保留较新的版本；截止后拒绝）',
        body: AnswerSaveBody,
        response: { 200: Envelope(AnswerSaveResult) },
      },
    },
    async (request) => ok(await saveAnswers(app.db, currentUser(request), request.body, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/event',
    {
      schema: {
        tags,
        summary: '记录离开/回到页面、断网/恢复网络（只供老师查看，不扣分）',
        body: AttemptEventBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await recordAttemptEvent(app.db, currentUser(request), request.body.attemptId, request.body.kind, app.clock.now());
      return ok(null);
    },
  );

  app.post(
    '/auth/grade/exam/student/relation/page',
    { schema: { tags, summary: '我的考试（我所在的全部班级）', body: MyExamsPageBody, response: { 200: Envelope(Page(MyExamItem)) } } },
    async (request) => {
      return pagedAnswer(request.body, (window) => myExams(app.db, currentUser(request), request.body.state, window, app.clock.now()));
    },
  );

  app.post(
    '/auth/grade/exam/student/relation/page/grade',
    { schema: { tags, summary: '我在一个班级的考试', body: GradeExamsPageBody, response: { 200: Envelope(Page(MyExamItem)) } } },
    async (request) => {
      return pagedAnswer(request.body, (window) =>
        myExamsOfGrade(app.db, currentUser(request), request.body.gradeId, window, app.clock.now()),
      );
    },
  );

  app.post(
    '/auth/grade/exam/student/relation/brief',
    {
      schema: {
        tags,
        summary: '开考前的考试信息：说明、时长、窗口、剩余次数、能否开始',
        body: ExamIdBody,
        response: { 200: Envelope(MyExamItem) },
      },
    },
    async (request) => ok(await myExamBrief(app.db, currentUser(request), request.body.examId, app.clock.now())),
  );

  app.post(
    '/auth/grade/exam/student/relation/tips',
    { schema: { tags, summary: '待参加的考试提醒（现在可以作答、尚未交卷、未忽略）', response: { 200: Envelope(ExamTips) } } },
    async (request) => ok(await examTips(app.db, currentUser(request), app.clock.now())),
  );

  app.put(
    '/auth/grade/exam/student/relation/ignore',
    { schema: { tags, summary: '忽略一场考试的提醒', body: ExamIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await ignoreExamTip(app.db, currentUser(request), request.body.examId, app.clock.now());
      return ok(null, '已忽略该考试的提醒');
    },
  );
};

export default routes;
