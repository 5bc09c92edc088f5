import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { ExamAdminItem, ExamAdminPageBody } from '@rc/api-contract/exam/exam-admin';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/page-window.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { examsOfGrade } from '../../exam/exam-overview.js';

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
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await examsOfGrade(
        app.db,
        currentUser(request),
        request.body.gradeId,
        { limit: pageSize, offset },
        app.clock.now(),
      );
      return ok({ list, total, pageNum, pageSize });
    },
  );
};

export default routes;
