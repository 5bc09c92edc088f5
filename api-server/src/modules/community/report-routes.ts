import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { ReportBody, ReportReceipt, ReviewDecisionBody, ReviewItem, ReviewListBody } from '@rc/api-contract/community/report';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser, requireOperator } from '../../plugins/index.js';
import { decideContent, reviewQueue, saveReport } from '../../community/index.js';

const tags = ['社区'];

/** Users report content; operators review held and reported content. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/report/save',
    {
      schema: {
        tags,
        summary: '举报文章、评论、问题、回答或镜像（每人每项一次）',
        body: ReportBody,
        response: { 200: Envelope(ReportReceipt) },
      },
    },
    async (request) => ok(await saveReport(app.db, currentUser(request).id, request.body, app.clock.now()), '举报成功，我们会尽快处理'),
  );

  app.post(
    '/auth/review/list',
    {
      schema: {
        tags,
        summary: '待审核内容（运营人员）：敏感词待审与被举报的内容',
        body: ReviewListBody,
        response: { 200: Envelope(Page(ReviewItem)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await reviewQueue(app.db, { limit: pageSize, offset });
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/review/decide',
    {
      schema: {
        tags,
        summary: '审核内容（运营人员）：发布，或填写原因驳回并下架',
        body: ReviewDecisionBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      await decideContent(app.db, operator.id, request.body, app.clock.now());
      return ok(null, request.body.decision === 'publish' ? '已发布' : '已驳回');
    },
  );
};

export default routes;
