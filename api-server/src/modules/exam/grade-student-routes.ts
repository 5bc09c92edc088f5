import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ApplyBody,
  GradeIdBody,
  GradeMember,
  MemberBody,
  MemberPageBody,
  MyGradeRole,
  RemarkBody,
  SetAdminBody,
} from '@rc/api-contract/exam/grade';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { applyToGrade, editRemark, kickOut, memberPage, myGradeRole, quitGrade, setGradeAdmin } from '../../exam/index.js';

const tags = ['班级成员'];
const Done = { 200: Envelope(Type.Null()) };

/** Class members: apply to join, quit, kick out, admins, remarks, my role. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/student/grade/add',
    {
      schema: {
        tags,
        summary: '申请加入班级（老师或管理员审核）',
        body: ApplyBody,
        response: { 200: Envelope(Type.Object({ recordId: Type.Integer() })) },
      },
    },
    async (request) => ok(await applyToGrade(app.db, currentUser(request), request.body), '申请已提交，请等待审核'),
  );

  app.put(
    '/auth/grade/student/quit',
    { schema: { tags, summary: '退出班级（学生）', body: GradeIdBody, response: Done } },
    async (request) => {
      await quitGrade(app.db, currentUser(request), request.body.gradeId);
      return ok(null, '已退出班级');
    },
  );

  app.put(
    '/auth/grade/student/kick/out',
    { schema: { tags, summary: '移出学生（老师或管理员；管理员不能移出其他管理员）', body: MemberBody, response: Done } },
    async (request) => {
      await kickOut(app.db, currentUser(request), request.body, app.clock.now());
      return ok(null, '已移出班级');
    },
  );

  app.put(
    '/auth/grade/student/update/admin',
    { schema: { tags, summary: '设置或取消班级管理员（仅老师）', body: SetAdminBody, response: Done } },
    async (request) => {
      await setGradeAdmin(app.db, currentUser(request), request.body, app.clock.now());
      return ok(null, request.body.isAdmin ? '已设为管理员' : '已取消管理员');
    },
  );

  app.post(
    '/auth/grade/student/page',
    {
      schema: {
        tags,
        summary: '班级成员（老师与管理员另见备注与入班时间）',
        body: MemberPageBody,
        response: { 200: Envelope(Page(GradeMember)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => memberPage(app.db, currentUser(request), request.body, window)),
  );

  app.put(
    '/auth/grade/student/edit',
    { schema: { tags, summary: '修改学生备注（老师或管理员）', body: RemarkBody, response: Done } },
    async (request) => {
      await editRemark(app.db, currentUser(request), request.body);
      return ok(null, '已保存');
    },
  );

  app.put(
    '/auth/grade/student/isAdmin',
    {
      schema: {
        tags,
        summary: '我在班级中的角色（isAdmin：老师或管理员可管理）',
        body: GradeIdBody,
        response: { 200: Envelope(MyGradeRole) },
      },
    },
    async (request) => ok(await myGradeRole(app.db, currentUser(request), request.body.gradeId)),
  );
};

export default routes;
