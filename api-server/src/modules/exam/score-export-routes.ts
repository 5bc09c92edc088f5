import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Envelope } from '@rc/api-contract/envelope';
import { Gradebook, GradebookBody, GradebookExportBody, ScoreExportBody } from '@rc/api-contract/exam/exam-admin';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { classGradebook, examScoreFile, gradebookFile } from '../../exam/index.js';

const tags = ['考试成绩导出'];
/** An export answers the file's bytes; a refusal answers the envelope. */
const FileBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: '文件字节（attachment）' });
const fileTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function sendFile(reply: FastifyReply, format: keyof typeof fileTypes, { file, name }: { file: Buffer; name: string }) {
  return reply
    .header('content-type', fileTypes[format])
    .header('content-disposition', `attachment; filename="scores.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'private, no-store')
    .send(file);
}

/** Scores for the class's teacher and admins: the class's gradebook across its exams on screen, and as files (form posts) with one exam's. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/gradebook',
    {
      schema: {
        tags,
        summary: '班级成绩册：每名学生在各场考试的最高分与合计（班级的老师和管理员）',
        body: GradebookBody,
        response: { 200: Envelope(Gradebook) },
      },
    },
    async (request) => ok(await classGradebook(app.db, currentUser(request), request.body.gradeId)),
  );

  // An export is a form post (the token a hidden field), so the browser saves the answer as a file.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries([...new URLSearchParams(body as string)].filter(([, value]) => value !== '')));
  });

  app.post(
    '/auth/grade/exam/score/export',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '导出考试成绩（CSV 或 Excel：每名学生每次作答、每题得分、总分、延长时间与迟交；表单提交，token 为表单隐藏字段）',
        body: ScoreExportBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const { examId, format } = request.body;
      return sendFile(reply, format, await examScoreFile(app.db, currentUser(request), examId, format, app.clock.now()));
    },
  );

  app.post(
    '/auth/grade/gradebook/export',
    {
      config: { tokenInFormBody: true },
      schema: {
        tags,
        summary: '导出班级成绩册（CSV 或 Excel：每名学生在各场考试的最高分与合计；表单提交）',
        body: GradebookExportBody,
        response: { 200: Type.Union([FileBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => {
      const { gradeId, format } = request.body;
      return sendFile(reply, format, await gradebookFile(app.db, currentUser(request), gradeId, format));
    },
  );
};

export default routes;
