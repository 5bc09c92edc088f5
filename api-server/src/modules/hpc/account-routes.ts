import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  HpcAccountById,
  HpcAccountView,
  HpcApplyBody,
  HpcRejectBody,
  HpcReviewItem,
  HpcReviewListBody,
} from '@rc/api-contract/hpc/account';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser, requireOperator } from '../../plugins/index.js';
import { accountViews, applyForAccount, approveAccount, HpcAccountStatus, rejectAccount, reviewPage } from '../../hpc/index.js';

const tags = ['超算账号'];

/** HPC accounts: the user applies to open one on a cluster, an operator reviews (opening creates it on the cluster). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/account/list',
    { schema: { tags, summary: '我在各集群的超算账号（未申请为状态0）', response: { 200: Envelope(Type.Array(HpcAccountView)) } } },
    async (request) => ok(await accountViews(app, currentUser(request).id)),
  );

  app.post(
    '/auth/account/apply',
    { schema: { tags, summary: '申请开通集群的超算账号', body: HpcApplyBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await applyForAccount(app, currentUser(request).id, request.body.clusterId, request.body.purpose);
      return ok(null, '申请已提交，请等待审核');
    },
  );

  app.post(
    '/auth/account/review/list',
    {
      schema: {
        tags,
        summary: '运营：超算开通申请（默认审核中）',
        body: HpcReviewListBody,
        response: { 200: Envelope(Page(HpcReviewItem)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const status = request.body.status ?? HpcAccountStatus.reviewing;
      return pagedAnswer(request.body, ({ limit, offset }) => reviewPage(app.db, status, limit, offset));
    },
  );

  app.post(
    '/auth/account/review/approve',
    { schema: { tags, summary: '运营：审核通过并在集群上创建账号', body: HpcAccountById, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await approveAccount(app, requireOperator(request), request.body.id);
      return ok(null, '审核通过，超算账号已开通');
    },
  );

  app.post(
    '/auth/account/review/reject',
    { schema: { tags, summary: '运营：驳回（附原因，申请人可见）', body: HpcRejectBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await rejectAccount(app, requireOperator(request), request.body.id, request.body.reason);
      return ok(null, '已驳回');
    },
  );
};

export default routes;
