import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  CreateRechargeBody,
  FlaggedRecharge,
  FlaggedRechargeListBody,
  Recharge,
  RechargeListBody,
  RechargeOptions,
  RechargeOrderNoBody,
  ReviewRechargeBody,
} from '@rc/api-contract/user/recharge';
import { ok } from '../../../envelope.js';
import { currentUser, requireOperator } from '../../../plugins/index.js';
import {
  cancelRecharge,
  continueRecharge,
  createRecharge,
  flaggedRecharges,
  listRecharges,
  markReviewed,
  rechargeOptions,
  viewRecharge,
} from '../../../billing/index.js';
import { pageWindow } from '../../../lib/index.js';

const tags = ['充值'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.payments;

  app.post(
    '/auth/recharge/options',
    { schema: { tags, summary: '充值金额范围、预设金额与可用支付方式', response: { 200: Envelope(RechargeOptions) } } },
    async () => ok(await rechargeOptions(ctx)),
  );

  app.post(
    '/auth/recharge/create',
    {
      schema: {
        tags,
        summary: '创建充值订单（同一 idempotencyKey 返回第一次的订单）',
        body: CreateRechargeBody,
        response: { 200: Envelope(Recharge) },
      },
    },
    async (request) => ok(await createRecharge(ctx, currentUser(request).id, request.body), '充值订单已创建'),
  );

  app.post(
    '/auth/recharge/view',
    {
      schema: { tags, summary: '查看充值订单（向支付机构查询支付结果）', body: RechargeOrderNoBody, response: { 200: Envelope(Recharge) } },
    },
    async (request) => ok(await viewRecharge(ctx, currentUser(request).id, request.body.orderNo)),
  );

  app.post(
    '/auth/recharge/list',
    { schema: { tags, summary: '我的充值记录', body: Type.Optional(RechargeListBody), response: { 200: Envelope(Page(Recharge)) } } },
    async (request) => {
      const page = pageWindow(request.body ?? {});
      const { list, total } = await listRecharges(ctx, currentUser(request).id, page);
      return ok({ list, total, pageNum: page.pageNum, pageSize: page.pageSize });
    },
  );

  app.post(
    '/auth/recharge/continue',
    { schema: { tags, summary: '继续支付未支付的充值订单', body: RechargeOrderNoBody, response: { 200: Envelope(Recharge) } } },
    async (request) => ok(await continueRecharge(ctx, currentUser(request).id, request.body.orderNo)),
  );

  app.post(
    '/auth/recharge/cancel',
    {
      schema: {
        tags,
        summary: '取消未支付的充值订单（在支付机构关闭交易）',
        body: RechargeOrderNoBody,
        response: { 200: Envelope(Recharge) },
      },
    },
    async (request) => ok(await cancelRecharge(ctx, currentUser(request).id, request.body.orderNo), '订单已取消'),
  );

  app.post(
    '/auth/recharge/review/list',
    {
      schema: {
        tags,
        summary: '关闭后到账的充值（运营核对）',
        body: Type.Optional(FlaggedRechargeListBody),
        response: { 200: Envelope(Page(FlaggedRecharge)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const page = pageWindow(request.body ?? {});
      const { list, total } = await flaggedRecharges(app.db, page, request.body?.includeReviewed ?? false);
      return ok({ list, total, pageNum: page.pageNum, pageSize: page.pageSize });
    },
  );

  app.post(
    '/auth/recharge/review/check',
    { schema: { tags, summary: '标记关闭后到账的充值为已核对', body: ReviewRechargeBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const operator = requireOperator(request);
      await markReviewed(app.db, request.body.paymentNo, operator.id, app.clock.now());
      return ok(null, '已核对');
    },
  );
};

export default routes;
