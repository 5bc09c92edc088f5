import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { forbidden } from '../../../errors.js';
import { currentUser } from '../../../plugins/index.js';
import type { SessionUser } from '../../../accounts/index.js';
import { pageWindow } from '../../../lib/index.js';
import { ownedSubAccount, setMonthlyBudget, subAccountMoney, transferLog, transferToSubAccount, yuanText } from '../../../billing/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  SubAccountBudgetBody,
  SubAccountMoney,
  SubAccountMoneyBody,
  SubAccountTransfer,
  SubAccountTransferBody,
  SubAccountTransferLogBody,
} from '@rc/api-contract/user/sub-account-money';

const tags = ['子账号'];

function mainAccountOf(user: SessionUser): number {
  if (user.parentId !== null) throw forbidden('子账号无权管理子账号');
  return user.id;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ext/sub/money/view',
    {
      schema: {
        tags,
        summary: '子账号资金：余额、月度预算与本月消费',
        body: SubAccountMoneyBody,
        response: { 200: Envelope(SubAccountMoney) },
      },
    },
    async (request) => {
      return ok(await subAccountMoney(app.db, mainAccountOf(currentUser(request)), request.body.subUserId, app.clock.now()));
    },
  );

  app.post(
    '/auth/user/ext/sub/money/allot',
    { schema: { tags, summary: '向子账号划拨余额', body: SubAccountTransferBody, response: { 200: Envelope(SubAccountMoney) } } },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      const { subUserId, amount } = request.body;
      await transferToSubAccount(app.db, mainId, subUserId, amount, app.clock.now());
      return ok(await subAccountMoney(app.db, mainId, subUserId, app.clock.now()), `已向子账号划拨 ¥${yuanText(amount)}`);
    },
  );

  app.post(
    '/auth/user/ext/sub/money/recall',
    { schema: { tags, summary: '从子账号回收余额', body: SubAccountTransferBody, response: { 200: Envelope(SubAccountMoney) } } },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      const { subUserId, amount } = request.body;
      await transferToSubAccount(app.db, mainId, subUserId, -amount, app.clock.now());
      return ok(await subAccountMoney(app.db, mainId, subUserId, app.clock.now()), `已从子账号回收 ¥${yuanText(amount)}`);
    },
  );

  app.post(
    '/auth/user/ext/sub/money/log',
    {
      schema: {
        tags,
        summary: '子账号划拨与回收记录',
        body: SubAccountTransferLogBody,
        response: { 200: Envelope(Page(SubAccountTransfer)) },
      },
    },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      await ownedSubAccount(app.db, mainId, request.body.subUserId);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      return ok({ ...(await transferLog(app.db, mainId, request.body.subUserId, pageSize, offset)), pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/ext/sub/budget/save',
    {
      schema: {
        tags,
        summary: '设置子账号月度预算（达到后自动关机）',
        body: SubAccountBudgetBody,
        response: { 200: Envelope(SubAccountMoney) },
      },
    },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      const { subUserId, monthlyBudget } = request.body;
      await ownedSubAccount(app.db, mainId, subUserId);
      await setMonthlyBudget(app.db, subUserId, monthlyBudget);
      return ok(
        await subAccountMoney(app.db, mainId, subUserId, app.clock.now()),
        monthlyBudget === null ? '已取消月度预算' : '月度预算已保存',
      );
    },
  );
};

export default routes;
