import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  AcceptAnswerBody,
  AcceptedAnswer,
  AnswerIdBody,
  AnswerListBody,
  AnswerSaveBody,
  AnswerSaved,
  AnswerView,
  MyAnswer,
  MyQuestionListBody,
  MyQuestionView,
  QuestionIdBody,
  QuestionItem,
  QuestionListBody,
  QuestionRecordBody,
  QuestionRecordListBody,
  QuestionSaveBody,
  QuestionSaved,
  QuestionSearchBody,
  QuestionUpdateBody,
  QuestionView,
  SimilarQuestion,
  SimilarQuestionsBody,
} from '@rc/api-contract/community/question';
import { PageQuery } from '@rc/api-contract/common';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  acceptAnswer,
  answersOf,
  askQuestion,
  deleteAnswer,
  deleteQuestion,
  deleteQuestionRecord,
  listQuestions,
  myAnswers,
  myQuestions,
  questionSavedMessage,
  recordedQuestions,
  saveAnswer,
  saveQuestionRecord,
  searchQuestions,
  similarQuestions,
  updateQuestion,
  viewQuestion,
  viewQuestionAs,
} from '../../community/index.js';

const tags = ['问答'];

/** Questions and answers (spec §7 "Questions"), with accept, similar questions, answer deletion and a Markdown preview beside them. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/questions/list',
    {
      schema: {
        tags,
        summary: '问题列表（1 最新 / 3 热门 / 4 待回答 / 5 悬赏）',
        body: QuestionListBody,
        response: { 200: Envelope(Page(QuestionItem)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => listQuestions(app.db, request.body, window)),
  );

  app.post(
    '/api/questions/search/list',
    {
      schema: {
        tags,
        summary: '搜索问题（标题与正文分词匹配，标题包含）',
        body: QuestionSearchBody,
        response: { 200: Envelope(Page(QuestionItem)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => searchQuestions(app.db, request.body.keyword, window)),
  );

  app.post(
    '/api/questions/similar',
    {
      schema: {
        tags,
        summary: '相似问题（输入标题时提示，最多5个）',
        body: SimilarQuestionsBody,
        response: { 200: Envelope(Type.Array(SimilarQuestion)) },
      },
    },
    async (request) => ok(await similarQuestions(app.db, request.body.title)),
  );

  app.post(
    '/api/questions/view',
    { schema: { tags, summary: '问题详情（已发布，计一次浏览）', body: QuestionIdBody, response: { 200: Envelope(QuestionView) } } },
    async (request) => ok(await viewQuestion(app.db, request.body.id, null, app.clock.now())),
  );

  app.post(
    '/api/questions/comment/list',
    {
      schema: {
        tags,
        summary: '问题的回答（已采纳的在前，其余按时间）及回答下的评论',
        body: AnswerListBody,
        response: { 200: Envelope(Page(AnswerView)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => answersOf(app.db, request.body.questionId, window)),
  );

  app.post(
    '/auth/questions/save',
    {
      schema: {
        tags,
        summary: '提问（可选悬赏：整数元1-500，从余额托管）',
        body: QuestionSaveBody,
        response: { 200: Envelope(QuestionSaved) },
      },
    },
    async (request) => {
      const saved = await askQuestion(app, currentUser(request), request.body);
      return ok(saved, questionSavedMessage(saved.status, '提问成功'));
    },
  );

  app.post(
    '/auth/questions/update',
    {
      schema: { tags, summary: '修改我的问题（悬赏托管后不可修改）', body: QuestionUpdateBody, response: { 200: Envelope(QuestionSaved) } },
    },
    async (request) => {
      const saved = await updateQuestion(app, currentUser(request), request.body);
      return ok(saved, questionSavedMessage(saved.status, '修改成功'));
    },
  );

  app.post(
    '/auth/questions/delete',
    {
      schema: {
        tags,
        summary: '删除我的问题（连同回答；托管中的悬赏在无人回答时先退回）',
        body: QuestionIdBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await deleteQuestion(app, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/questions/view',
    {
      schema: {
        tags,
        summary: '问题详情（含我的收藏/关注状态与能否采纳）',
        body: QuestionIdBody,
        response: { 200: Envelope(MyQuestionView) },
      },
    },
    async (request) => ok(await viewQuestionAs(app.db, request.body.id, currentUser(request).id, app.clock.now())),
  );

  app.post(
    '/auth/questions/list',
    {
      schema: {
        tags,
        summary: '我的问题（1 我提的 / 2 我回答过的）',
        body: MyQuestionListBody,
        response: { 200: Envelope(Page(QuestionItem)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => myQuestions(app.db, currentUser(request).id, request.body.type ?? 1, window)),
  );

  app.post(
    '/auth/questions/comment/save',
    {
      schema: {
        tags,
        summary: '回答问题（parentId 为空）或评论回答（parentId 为回答ID）',
        body: AnswerSaveBody,
        response: { 200: Envelope(AnswerSaved) },
      },
    },
    async (request) => {
      const saved = await saveAnswer(app, currentUser(request), request.body);
      return ok(saved, questionSavedMessage(saved.status, request.body.parentId ? '评论成功' : '回答成功'));
    },
  );

  app.post(
    '/auth/questions/comment/list',
    { schema: { tags, summary: '我写的回答与评论', body: PageQuery, response: { 200: Envelope(Page(MyAnswer)) } } },
    async (request) => pagedAnswer(request.body, (window) => myAnswers(app.db, currentUser(request).id, window)),
  );

  app.post(
    '/auth/questions/comment/delete',
    {
      schema: { tags, summary: '删除我的回答或评论（已采纳的回答不可删除）', body: AnswerIdBody, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await deleteAnswer(app, currentUser(request).id, request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/questions/accept',
    {
      schema: {
        tags,
        summary: '采纳回答（仅提问者，一次，不能采纳自己的；托管的悬赏发给回答者）',
        body: AcceptAnswerBody,
        response: { 200: Envelope(AcceptedAnswer) },
      },
    },
    async (request) => {
      const accepted = await acceptAnswer(app, currentUser(request).id, request.body.questionId, request.body.answerId);
      return ok(accepted, accepted.bountyPaid > 0 ? '已采纳，悬赏已发放给回答者' : '已采纳');
    },
  );

  app.post(
    '/auth/questions/user/record/save',
    { schema: { tags, summary: '收藏（kind 1）或关注（kind 2）问题', body: QuestionRecordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await saveQuestionRecord(app.db, currentUser(request).id, request.body.questionId, request.body.kind, app.clock.now());
      return ok(null, request.body.kind === 1 ? '已收藏' : '已关注');
    },
  );

  app.post(
    '/auth/questions/user/record/delete',
    { schema: { tags, summary: '取消收藏或关注', body: QuestionRecordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteQuestionRecord(app.db, currentUser(request).id, request.body.questionId, request.body.kind, app.clock.now());
      return ok(null, request.body.kind === 1 ? '已取消收藏' : '已取消关注');
    },
  );

  app.post(
    '/auth/questions/user/record/list',
    { schema: { tags, summary: '我收藏或关注的问题', body: QuestionRecordListBody, response: { 200: Envelope(Page(QuestionItem)) } } },
    async (request) => pagedAnswer(request.body, (window) => recordedQuestions(app.db, currentUser(request).id, request.body.kind, window)),
  );
};

export default routes;
