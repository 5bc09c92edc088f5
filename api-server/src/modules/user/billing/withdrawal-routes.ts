import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { users, type withdrawals } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { currentUser, requireOperator } from '../../../plugins/app/authentication.js';
import { pageWindow } from '../../../lib/page-window.js';
import { maskMobile } from '../../../lib/id-card.js';
import { loadIncomeSettings } from '../../../billing/income-settings.js';
import { maskPayeeAccount } from '../../../billing/payee-accounts.js';
import { matchSmsCode } from '../../../accounts/sms-codes.js';
import {
  approveWithdrawal,
  cancelWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
  withdrawalStatusNames,
} from '../../../billing/withdrawals.js';
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

/** A withdrawal as its owner sees it (the payee account masked) or as the reviewing operator does (in full). */
function toWithdrawal(row: typeof withdrawals.$inferSelect, mobile: string, viewer: 'owner' | 'operator'): Withdrawal {
  return {
    id: row.id,
    mobile: maskMobile(mobile),
    amount: row.amount,
    fee: row.fee,
    arrival: row.amount - row.fee,
    payeeChannel: row.payeeChannel,
    payeeAccount: viewer === 'owner' ? maskPayeeAccount(row.payeeChannel, row.payeeAccount) : row.payeeAccount,
    payeeName: row.payeeName,
    bankName: row.bankName,
    status: row.status,
    statusName: withdrawalStatusNames[row.status] ?? '',
    reason: row.reason,
    gmtCreate: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/account/extract/options',
    { schema: { tags, summary: '提现规则与可提现收益', response: { 200: Envelope(WithdrawalOptions) } } },
    async (request) => {
      const { id } = currentUser(request);
      const [me] = await app.db
        .select({ withdrawable: users.incomeBalance, realName: users.realName, idCardCheckStatus: users.idCardCheckStatus })
        .from(users)
        .where(eq(users.id, id));
      const { withdrawal } = await loadIncomeSettings(app.db);
      return ok({
        withdrawable: me!.withdrawable,
        minAmount: withdrawal.minAmount,
        maxAmount: withdrawal.maxAmount,
        feeBasisPoints: withdrawal.feeBasisPoints,
        minFee: withdrawal.minFee,
        realName: me!.idCardCheckStatus === 1 ? me!.realName : null,
      });
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
      return ok(toWithdrawal(row, user.account.mobile, 'owner'), '提现申请已提交，等待审核');
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
      return ok({ list: rows.map((row) => toWithdrawal(row.withdrawal, row.mobile, 'owner')), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/account/extract/log/cancel',
    { schema: { tags, summary: '撤回提现申请（审核前）', body: WithdrawalIdBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const user = currentUser(request);
      const row = await cancelWithdrawal(app.db, user.id, request.body.id, app.clock.now());
      return ok(toWithdrawal(row, user.account.mobile, 'owner'), '提现申请已撤回，款项已退回可提现收益');
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
      return ok({ list: rows.map((row) => toWithdrawal(row.withdrawal, row.mobile, 'operator')), total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/account/extract/review/approve',
    { schema: { tags: ['运营审核'], summary: '通过提现并打款（运营）', body: WithdrawalIdBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const operator = requireOperator(request);
      const row = await approveWithdrawal(app.db, app.payout, operator.id, request.body.id, () => app.clock.now());
      const [owner] = await app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, row.userId));
      return ok(toWithdrawal(row, owner!.mobile, 'operator'), row.status === 2 ? '已打款' : `打款失败：${row.reason}`);
    },
  );

  app.post(
    '/auth/user/account/extract/review/reject',
    { schema: { tags: ['运营审核'], summary: '驳回提现（运营）', body: WithdrawalRejectBody, response: { 200: Envelope(Withdrawal) } } },
    async (request) => {
      const operator = requireOperator(request);
      const reason = request.body.reason.trim();
      const row = await rejectWithdrawal(app.db, operator.id, request.body.id, reason === '' ? '未说明' : reason, app.clock.now());
      const [owner] = await app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, row.userId));
      return ok(toWithdrawal(row, owner!.mobile, 'operator'), '已驳回');
    },
  );
};

export default routes;
