import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { pageWindow } from '../../../lib/index.js';
import { incomeLines, incomeOverview, incomeSourceName, referredUsers } from '../../../billing/index.js';
import { PageQuery } from '@rc/api-contract/common';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { IncomeLine, IncomeOverview, ReferredUser } from '@rc/api-contract/user/income';

const tags = ['收益与提现'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/income/view',
    { schema: { tags, summary: '我的收益', response: { 200: Envelope(IncomeOverview) } } },
    async (request) => {
      return ok(await incomeOverview(app.db, currentUser(request), `${request.protocol}://${request.host}`));
    },
  );

  app.post(
    '/auth/user/income/lines',
    { schema: { tags, summary: '收益明细', body: PageQuery, response: { 200: Envelope(Page(IncomeLine)) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { rows, total } = await incomeLines(app.db, id, pageSize, offset);
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          sourceKind: row.sourceKind,
          sourceName: incomeSourceName(row.sourceKind),
          baseAmount: row.baseAmount,
          amount: row.amount,
          releaseAt: row.releaseAt,
          released: row.releasedAt !== null,
          gmtCreate: row.createdAt,
        })),
        total,
        pageNum,
        pageSize,
      });
    },
  );

  app.post(
    '/auth/user/income/referred/list',
    { schema: { tags, summary: '我推荐的用户', body: PageQuery, response: { 200: Envelope(Page(ReferredUser)) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      return ok({ ...(await referredUsers(app.db, currentUser(request).id, pageSize, offset)), pageNum, pageSize });
    },
  );
};

export default routes;
