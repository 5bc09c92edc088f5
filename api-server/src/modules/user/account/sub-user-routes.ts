import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { PageQuery } from '@rc/api-contract/common';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  AddedSubUser,
  AddSubUserBody,
  SubUser,
  SubUserMobile,
  SubUserMobileBody,
  SubUserPasswordBody,
  SubUserShare,
  SubUserShareBody,
} from '@rc/api-contract/user/sub-user';
import { pagedAnswer } from '../../../lib/index.js';
import {
  addSubAccount,
  changeSubAccountMobile,
  listSubAccounts,
  resetSubAccountPassword,
  shareBalanceWithSubAccount,
} from '../../../accounts/index.js';

const tags = ['子账号'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ext/list/sub/user',
    { schema: { tags, summary: '子账号列表', body: PageQuery, response: { 200: Envelope(Page(SubUser)) } } },
    async (request) => {
      return pagedAnswer(request.body, (window) => listSubAccounts(app.db, currentUser(request), window));
    },
  );

  app.post(
    '/auth/user/ext/add/sub/user',
    { schema: { tags, summary: '添加子账号（验证码发往子账号手机号）', body: AddSubUserBody, response: { 200: Envelope(AddedSubUser) } } },
    async (request) => ok(await addSubAccount(app, currentUser(request), request.body), '子账号已添加'),
  );

  app.post(
    '/auth/user/ext/update/sub/user/share',
    { schema: { tags, summary: '子账号共享余额开关', body: SubUserShareBody, response: { 200: Envelope(SubUserShare) } } },
    async (request) => {
      const { subUserId, shareBalance } = request.body;
      const shared = await shareBalanceWithSubAccount(app.db, currentUser(request), subUserId, shareBalance, app.clock.now());
      return ok(shared, shareBalance ? '已开启余额共享' : '已关闭余额共享');
    },
  );

  app.post(
    '/auth/user/ext/update/sub/user/mobile',
    {
      schema: {
        tags,
        summary: '更换子账号手机号（验证码发往新号码）',
        body: SubUserMobileBody,
        response: { 200: Envelope(SubUserMobile) },
      },
    },
    async (request) => ok(await changeSubAccountMobile(app, currentUser(request), request.body), '手机号已更换'),
  );

  app.post(
    '/auth/user/ext/update/password/sub/user',
    { schema: { tags, summary: '重设子账号密码', body: SubUserPasswordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { subUserId, password } = request.body;
      await resetSubAccountPassword(app.db, currentUser(request), subUserId, password, app.clock.now());
      return ok(null, '子账号密码已重设');
    },
  );
};

export default routes;
