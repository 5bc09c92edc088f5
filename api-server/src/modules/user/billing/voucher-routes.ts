import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser, requireOperator } from '../../../plugins/index.js';
import { issueVoucherBatch, listVoucherBatches, listVouchers, redeemVoucher } from '../../../billing/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import {
  IssuedVoucherBatch,
  IssueVoucherBatchBody,
  RedeemVoucherBody,
  VoucherBatchView,
  VoucherListQuery,
  VoucherView,
} from '@rc/api-contract/user/voucher';

const tags = ['代金券'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/voucher/redeem',
    {
      schema: {
        tags,
        summary: '兑换代金券',
        body: RedeemVoucherBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer(), name: Type.String(), amount: Type.Integer() })) },
      },
    },
    async (request) => ok(await redeemVoucher(app.db, currentUser(request).id, request.body.code, app.clock.now()), '兑换成功'),
  );

  app.post(
    '/auth/voucher/list',
    {
      schema: {
        tags,
        summary: '我的代金券（可用、已使用、已过期）',
        body: VoucherListQuery,
        response: { 200: Envelope(Type.Array(VoucherView)) },
      },
    },
    async (request) => ok(await listVouchers(app.db, currentUser(request).id, app.clock.now(), request.body?.state)),
  );

  app.post(
    '/auth/voucher/batch/issue',
    { schema: { tags, summary: '发放一批代金券（运营）', body: IssueVoucherBatchBody, response: { 200: Envelope(IssuedVoucherBatch) } } },
    async (request) => {
      const operator = requireOperator(request);
      return ok(await issueVoucherBatch(app.db, operator.id, request.body, app.clock.now()), '已发放');
    },
  );

  app.post(
    '/auth/voucher/batch/list',
    { schema: { tags, summary: '代金券批次（运营）', response: { 200: Envelope(Type.Array(VoucherBatchView)) } } },
    async (request) => {
      requireOperator(request);
      return ok(await listVoucherBatches(app.db));
    },
  );
};

export default routes;
