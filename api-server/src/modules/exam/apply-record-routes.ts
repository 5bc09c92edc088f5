import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ApplyRecord,
  ApplyRecordPageBody,
  ApplySummary,
  ApplyTips,
  AuditBody,
  BatchAuditBody,
  BatchAuditResult,
  GradeIdBody,
  IgnoreBody,
} from '@rc/api-contract/exam/grade';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import { applyRecordPage, applySummary, applyTips, auditBatch, auditRecord, ignoreRecords } from '../../exam/index.js';

const tags = ['入班申请'];

/** Applications to join a class: lists, audit one or many, ignore, counts and the menu badge. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/grade/apply/record/page',
    {
      schema: {
        tags,
        summary: '入班申请（带 gradeId：该班级的申请，老师与管理员；不带：我的申请）',
        body: ApplyRecordPageBody,
        response: { 200: Envelope(Page(ApplyRecord)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => applyRecordPage(app.db, currentUser(request), request.body, window)),
  );

  app.put(
    '/auth/grade/apply/record/audit',
    { schema: { tags, summary: '审核一条入班申请（通知申请人）', body: AuditBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await auditRecord(app.db, currentUser(request), request.body, app.clock.now());
      return ok(null, request.body.approve ? '已通过' : '已拒绝');
    },
  );

  app.put(
    '/auth/grade/apply/record/audit/batch',
    {
      schema: {
        tags,
        summary: '批量审核入班申请（班级满员后不再通过）',
        body: BatchAuditBody,
        response: { 200: Envelope(BatchAuditResult) },
      },
    },
    async (request) => {
      const result = await auditBatch(app.db, currentUser(request), request.body, app.clock.now());
      const skipped = result.skipped > 0 ? `，${result.skipped} 条未处理（已处理过或班级已满）` : '';
      return ok(result, `已通过 ${result.approved} 条，已拒绝 ${result.rejected} 条${skipped}`);
    },
  );

  app.put(
    '/auth/grade/apply/record/ignore',
    {
      schema: {
        tags,
        summary: '忽略入班申请（不通知申请人）',
        body: IgnoreBody,
        response: { 200: Envelope(Type.Object({ ignored: Type.Integer() })) },
      },
    },
    async (request) => ok(await ignoreRecords(app.db, currentUser(request), request.body, app.clock.now()), '已忽略'),
  );

  app.post(
    '/auth/grade/apply/record/summary',
    { schema: { tags, summary: '班级入班申请按状态计数', body: GradeIdBody, response: { 200: Envelope(ApplySummary) } } },
    async (request) => ok(await applySummary(app.db, currentUser(request), request.body.gradeId)),
  );

  app.post(
    '/auth/grade/apply/record/tips',
    { schema: { tags, summary: '我任教或管理的班级的待审核申请（菜单角标）', response: { 200: Envelope(ApplyTips) } } },
    async (request) => ok(await applyTips(app.db, currentUser(request))),
  );
};

export default routes;
