import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import {
  CodeLoginBody,
  LoginResult,
  OwnSendCodeBody,
  PasswordLoginBody,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  ShopNameAvailability,
  ShopNameQuery,
} from '@rc/api-contract/user/login';
import {
  isShopNameTaken,
  resetPasswordByCode,
  revokeSession,
  sendSmsCode,
  signInWithCode,
  signInWithPassword,
} from '../../../accounts/index.js';
import { registerAccount } from '../../../billing/index.js';

const tags = ['账户'];

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/login/password',
    { schema: { tags, summary: '密码登录', body: PasswordLoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      const { mobile, password } = request.body;
      return ok(await signInWithPassword(app, clientOf(request), mobile, password), '登录成功');
    },
  );

  app.post(
    '/api/user/login/code',
    { schema: { tags, summary: '验证码登录', body: CodeLoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      const { mobile, code } = request.body;
      return ok(await signInWithCode(app, clientOf(request), mobile, code), '登录成功');
    },
  );

  app.post(
    '/api/user/send/code',
    { schema: { tags, summary: '发送短信验证码', body: SendCodeBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await sendSmsCode(app, request.body.mobile, request.body.type, request.ip);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/auth/user/send/code',
    {
      schema: {
        tags,
        summary: '发送短信验证码到本账号绑定的手机（收款账户、提现）',
        body: OwnSendCodeBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await sendSmsCode(app, currentUser(request).account.mobile, request.body.type, request.ip);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/user/register',
    { schema: { tags, summary: '注册', body: RegisterBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      return ok(await registerAccount(app, clientOf(request), request.body), '登录成功');
    },
  );

  app.post(
    '/api/user/update/password',
    { schema: { tags, summary: '通过短信验证码重设密码', body: ResetPasswordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { mobile, code, password } = request.body;
      await resetPasswordByCode(app, mobile, code, password);
      return ok(null, '密码已修改，请重新登录');
    },
  );

  app.get('/auth/user/logout', { schema: { tags, summary: '退出登录', response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await revokeSession(app, currentUser(request));
    return ok(null, '已退出登录');
  });

  app.post(
    '/api/user/check/shopName',
    { schema: { tags, summary: '店铺名称是否可用', querystring: ShopNameQuery, response: { 200: Envelope(ShopNameAvailability) } } },
    async (request) => {
      const taken = await isShopNameTaken(app.db, request.query.shopName);
      return ok({ available: !taken }, taken ? '店铺名称已被使用' : '店铺名称可以使用');
    },
  );
};

export default routes;
