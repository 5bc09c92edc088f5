import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { users } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { invalid, tooMany } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { hashPassword, verifyPassword } from '../../../lib/password.js';
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
import { createAccount, findUserByMobile, type UserRow } from '../../../accounts/accounts.js';
import { revokeAllSessions, revokeSession, startSession } from '../../../accounts/sessions.js';
import { consumeSmsCode, sendSmsCode } from '../../../accounts/sms-codes.js';
import { toUserInfo } from '../../../accounts/user-info.js';
import { grantWelcomeCredit } from '../../../billing/welcome-credit.js';
import { referrerOfCode } from '../../../billing/referral.js';
import { noteUserChange } from '../../../accounts/user-changes.js';

const tags = ['账户'];
// Verified against when the mobile is unknown, so a wrong number costs as long as a wrong password.
const absentUserHash = hashPassword('absent-user-placeholder-1');

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

async function signIn(app: FastifyInstance, request: FastifyRequest, user: UserRow) {
  const token = await startSession(app, user.id, clientOf(request));
  return ok({ token, userInfo: await toUserInfo(app.db, user, token) }, '登录成功');
}

async function limitAttemptsPerIp(app: FastifyInstance, request: FastifyRequest) {
  if (!(await app.rateLimiter.hit(`login:ip:${request.ip}`, app.config.rateLimits.loginPerIp)))
    throw tooMany('登录尝试过于频繁，请稍后再试');
}

/**
 * Limits the guesser, not the owner. Every attempt counts against the caller's IP; a wrong password
 * counts against the mobile from that IP and, more loosely, from every IP. Neither stops a login by
 * SMS code, which proves the number is the caller's, so nobody can lock an owner out.
 */
async function limitPasswordLogin<T>(app: FastifyInstance, request: FastifyRequest, mobile: string, attempt: () => Promise<T>): Promise<T> {
  const limits = app.config.rateLimits;
  const failures = [
    { key: `login:password:${mobile}:${request.ip}`, rule: limits.loginPerMobileIp },
    { key: `login:password:${mobile}`, rule: limits.loginPerMobile },
  ];
  await limitAttemptsPerIp(app, request);
  for (const { key, rule } of failures) {
    if (await app.rateLimiter.exhausted(key, rule))
      throw tooMany(`密码错误次数过多，请${Math.ceil(rule.windowMs / 60_000)}分钟后再试，或使用验证码登录`);
  }
  try {
    return await attempt();
  } catch (error) {
    for (const { key, rule } of failures) await app.rateLimiter.hit(key, rule);
    throw error;
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/login/password',
    { schema: { tags, summary: '密码登录', body: PasswordLoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      const { mobile, password } = request.body;
      const user = await limitPasswordLogin(app, request, mobile, async () => {
        const found = await findUserByMobile(app.db, mobile);
        const matches = await verifyPassword(found?.passwordHash ?? (await absentUserHash), password);
        if (!found || !matches) throw invalid('手机号或密码错误');
        return found;
      });
      return signIn(app, request, user);
    },
  );

  app.post(
    '/api/user/login/code',
    { schema: { tags, summary: '验证码登录', body: CodeLoginBody, response: { 200: Envelope(LoginResult) } } },
    async (request) => {
      const { mobile, code } = request.body;
      // Wrong codes are limited per code (smsCodeMaxAttempts).
      await limitAttemptsPerIp(app, request);
      await consumeSmsCode(app, mobile, 'login', code);
      const user = await findUserByMobile(app.db, mobile);
      if (!user) throw invalid('该手机号未注册');
      return signIn(app, request, user);
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
      const { mobile, code, password, nickname, referralCode } = request.body;
      let referredBy: number | undefined;
      if (referralCode) {
        const referrer = await referrerOfCode(app.db, referralCode);
        if (!referrer) throw invalid('推荐码无效');
        referredBy = referrer.id;
      }
      await consumeSmsCode(app, mobile, 'register', code);
      const passwordHash = await hashPassword(password);
      const user = await app.db.transaction(async (tx) =>
        grantWelcomeCredit(tx, await createAccount(tx, { mobile, passwordHash, nickname, referredBy }), app.clock.now()),
      );
      return signIn(app, request, user);
    },
  );

  app.post(
    '/api/user/update/password',
    { schema: { tags, summary: '通过短信验证码重设密码', body: ResetPasswordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const { mobile, code, password } = request.body;
      await consumeSmsCode(app, mobile, 'reset', code);
      const user = await findUserByMobile(app.db, mobile);
      if (!user) throw invalid('该手机号未注册');
      const passwordHash = await hashPassword(password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: app.clock.now() }).where(eq(users.id, user.id));
        noteUserChange(user.id, 'account');
        await revokeAllSessions(tx, user.id, app.clock.now());
      });
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
      const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.shopName, request.query.shopName.trim()));
      return ok({ available: !taken }, taken ? '店铺名称已被使用' : '店铺名称可以使用');
    },
  );
};

export default routes;
