import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { matchSmsCode } from '../../../accounts/index.js';
import { addPayeeAccount, changePayeeAccount, listPayeeAccounts, payeeAccountView, removePayeeAccount } from '../../../billing/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import {
  PayeeAccount,
  PayeeAccountIdBody,
  PayeeAccountList,
  PayeeAccountSaveBody,
  PayeeAccountUpdateBody,
} from '@rc/api-contract/user/income';

const tags = ['收益与提现'];

/** `/apis/user/auth/user/account/payee/...` (卡信息): saved payee accounts; adding or changing one needs the bound mobile's code. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/account/payee/list',
    { schema: { tags, summary: '我的收款账户（打码）', response: { 200: Envelope(PayeeAccountList) } } },
    async (request) => ok({ list: (await listPayeeAccounts(app.db, currentUser(request).id)).map(payeeAccountView) }),
  );

  app.post(
    '/auth/user/account/payee/save',
    {
      schema: {
        tags,
        summary: '添加收款账户（需绑定手机收到的 payee 验证码）',
        body: PayeeAccountSaveBody,
        response: { 200: Envelope(PayeeAccount) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { code, ...payee } = request.body;
      const matched = await matchSmsCode(app, user.account.mobile, 'payee', code);
      return ok(payeeAccountView(await addPayeeAccount(app.db, user.id, payee, matched, app.clock.now())), '收款账户已保存');
    },
  );

  app.post(
    '/auth/user/account/payee/update',
    {
      schema: {
        tags,
        summary: '修改收款账户（需绑定手机收到的 payee 验证码）',
        body: PayeeAccountUpdateBody,
        response: { 200: Envelope(PayeeAccount) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, code, ...payee } = request.body;
      const matched = await matchSmsCode(app, user.account.mobile, 'payee', code);
      return ok(payeeAccountView(await changePayeeAccount(app.db, user.id, id, payee, matched, app.clock.now())), '收款账户已修改');
    },
  );

  app.post(
    '/auth/user/account/payee/delete',
    { schema: { tags, summary: '删除收款账户', body: PayeeAccountIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await removePayeeAccount(app.db, currentUser(request).id, request.body.id);
      return ok(null, '收款账户已删除');
    },
  );
};

export default routes;
