import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser, requireOperator } from '../../../plugins/index.js';
import { pageWindow } from '../../../lib/index.js';
import {
  approveWithdrawal,
  cancelWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
  reviewedWithdrawalView,
  withdrawalOptions,
  withdrawalView,
} from '../../../billing/index.js';
import { matchSmsCode } from '../../../accounts/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  Withdrawal,
  WithdrawalBody,
  WithdrawalIdBody,
  WithdrawalListBody,
  WithdrawalOptions,
  WithdrawalRejectBody,
} from '@rc/api-contract/user/income';

const tags = ['收益与提现'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/account/extract/options',
    { schema: { tags, summary: '提现规则与可提现收益', response: { 200: Envelope(WithdrawalOptions) } } },
    async (request) => {
      return ok(await withdrawalOptions(app.db, currentUser(request).id));
    },
  );

  app.post(
    '/auth/user/account/extract/log/save',
    {
      schema: {
        tags,
        summary: '申请提现到已保存的收款账户（仅可提现收益，不含充值余额；需绑定手机的提现验证码）',
        body: WithdrawalBody,
        response: { 200: Envelope(Withdrawal) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { amount, payeeAccountId, code } = request.body;
      const matched = await matchSmsCode(app, user.account.mobile, 'withdraw', code);
      const row = await requestWithdrawal(app.db, user.id, amount, payeeAccountId, matched, app.clock.now());
      return ok(withdrawalView(row, user.account.mobile, 'owner'), '提现申请已提交，等待审核');
    },
  );

  app.post(
    '/auth/user/account/extract/log/list',
    { schema: { tags, summary: '我的提现记录', body: WithdrawalListBody, response: { 200: Envelope(Page(Withdrawal)) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { rows, total } = await listWithdrawals(
        app.db,
        { userId: currentUser(request).id, status: request.body.status },
        pageSize,
        offset,
      );
      return ok({ list: rows.map((row) => withdrawalView(row.withdrawal, row.mobile, 'owner')), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/account/extract/log/cancel',
    { schema: { tags, summary: '撤回提现申请（审核前）', body: WithdrawalIdBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const user = currentUser(request);
      const row = await cancelWithdrawal(app.db, user.id, request.body.id, app.clock.now());
      return ok(withdrawalView(row, user.account.mobile, 'owner'), '提现申请已撤回，款项已退回可提现收益');
    },
  );

  app.post(
    '/auth/user/account/extract/review/list',
    {
      schema: {
        tags: ['运营审核'],
        summary: '提现审核列表（运营）',
        body: WithdrawalListBody,
        response: { 200: Envelope(Page(Withdrawal)) },
      },
    },
    async (request) => {
      requireOperator(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { rows, total } = await listWithdrawals(app.db, { status: request.body.status }, pageSize, offset);
      return ok({ list: rows.map((row) => withdrawalView(row.withdrawal, row.mobile, 'operator')), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/account/extract/review/approve',
    { schema: { tags: ['运营审核'], summary: '通过提现并打款（运营）', body: WithdrawalIdBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const operator = requireOperator(request);
      const row = await approveWithdrawal(app.db, app.payout, operator.id, request.body.id, () => app.clock.now());
      return ok(await reviewedWithdrawalView(app.db, row), row.status === 2 ? '已打款' : `打款失败：${row.reason}`);
    },
  );

  app.post(
    '/auth/user/account/extract/review/reject',
    { schema: { tags: ['运营审核'], summary: '驳回提现（运营）', body: WithdrawalRejectBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const operator = requireOperator(request);
      const reason = request.body.reason.trim();
      const row = await rejectWithdrawal(app.db, operator.id, request.body.id, reason === '' ? '未说明' : reason, app.clock.now());
      return ok(await reviewedWithdrawalView(app.db, row), '已驳回');
    },
  );
};

export default routes;
