import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { QuestionIdBody, QuestionItem, QuestionPageBody, QuestionSaveBody, QuestionUpdateBody } from '@rc/api-contract/exam/question-bank';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { deleteQuestion, myQuestions, saveQuestion, updateQuestion } from '../../exam/index.js';

const tags = ['题库'];

/** The teacher's question bank: exams copy its questions, so edits and deletions never reach an exam already set. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/question/page',
    {
      schema: {
        tags,
        summary: '我的题库（按题型、题干关键词筛选）',
        body: QuestionPageBody,
        response: { 200: Envelope(Page(QuestionItem)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => myQuestions(app.db, currentUser(request), request.body, window)),
  );

  app.post(
    '/auth/grade/question/save',
    { schema: { tags, summary: '新增题目', body: QuestionSaveBody, response: { 200: Envelope(QuestionItem) } } },
    async (request) => ok(await saveQuestion(app.db, currentUser(request), request.body, app.clock.now()), '题目已保存'),
  );

  app.put(
    '/auth/grade/question/update',
    { schema: { tags, summary: '修改题目（已组卷的考试不受影响）', body: QuestionUpdateBody, response: { 200: Envelope(QuestionItem) } } },
    async (request) => ok(await updateQuestion(app.db, currentUser(request), request.body, app.clock.now()), '题目已修改'),
  );

  app.post(
    '/auth/grade/question/del',
    { schema: { tags, summary: '删除题目（已组卷的考试保留其副本）', body: QuestionIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteQuestion(app.db, currentUser(request), request.body.questionId, app.clock.now());
      return ok(null, '题目已删除');
    },
  );
};

export default routes;
