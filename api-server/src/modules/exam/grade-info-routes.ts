import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  GradeCard,
  GradeIdBody,
  GradePageBody,
  GradeRef,
  GradeSaveBody,
  GradeUpdateBody,
  GradeView,
  PublicGradePageBody,
} from '@rc/api-contract/exam/grade';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { disbandGrade, gradesOf, gradeView, myGradePage, publicGradePage, saveGrade, updateGrade } from '../../exam/index.js';

const tags = ['班级'];

/** Class information: create, edit, disband, view, my classes; the public list and page. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/info/grade/list/all',
    { schema: { tags, summary: '我所在的全部班级（任教、管理或学习），用于选择班级', response: { 200: Envelope(Type.Array(GradeRef)) } } },
    async (request) => ok(await gradesOf(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/grade/info/save',
    {
      schema: {
        tags,
        summary: '创建班级（仅讲师，最多同时 50 个）',
        body: GradeSaveBody,
        response: { 200: Envelope(Type.Object({ gradeId: Type.Integer() })) },
      },
    },
    async (request) => ok(await saveGrade(app.db, currentUser(request), request.body), '班级已创建'),
  );

  app.put(
    '/auth/grade/info/update',
    {
      schema: {
        tags,
        summary: '修改班级（仅班级的老师；人数上限不低于现有人数）',
        body: GradeUpdateBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await updateGrade(app.db, currentUser(request), request.body);
      return ok(null, '已保存');
    },
  );

  app.post(
    '/auth/grade/info/page',
    {
      schema: { tags, summary: '我的班级（按角色：任教、管理、学习）', body: GradePageBody, response: { 200: Envelope(Page(GradeCard)) } },
    },
    async (request) => pagedAnswer(request.body, (window) => myGradePage(app.db, currentUser(request), request.body, window)),
  );

  app.post(
    '/auth/grade/info/disband',
    { schema: { tags, summary: '解散班级（仅班级的老师；通知全部成员）', body: GradeIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await disbandGrade(app.db, currentUser(request), request.body.gradeId, app.clock.now());
      return ok(null, '班级已解散');
    },
  );

  app.post(
    '/auth/grade/info/view',
    {
      schema: {
        tags,
        summary: '班级详情（登录：我的角色与申请状态；私密班级凭链接可见）',
        body: GradeIdBody,
        response: { 200: Envelope(GradeView) },
      },
    },
    async (request) => ok(await gradeView(app.db, currentUser(request), request.body.gradeId)),
  );

  app.post(
    '/api/grade/info/page',
    {
      schema: {
        tags,
        summary: '公开班级列表（关键词，最新或人数最多）',
        body: PublicGradePageBody,
        response: { 200: Envelope(Page(GradeCard)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => publicGradePage(app.db, request.body, window)),
  );

  app.post(
    '/api/grade/info/view',
    { schema: { tags, summary: '公开班级详情（无需登录）', body: GradeIdBody, response: { 200: Envelope(GradeView) } } },
    async (request) => ok(await gradeView(app.db, null, request.body.gradeId)),
  );
};

export default routes;
