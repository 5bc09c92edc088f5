import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { users } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict, forbidden, notFound, tooMany } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { hashPassword } from '../../../lib/password.js';
import { maskMobile } from '../../../lib/id-card.js';
import type { SessionUser } from '../../../accounts/sessions.js';
import { revokeAllSessions } from '../../../accounts/sessions.js';
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
import { pageWindow } from '../../../lib/page-window.js';
import { createAccount, uniqueViolation } from '../../../accounts/accounts.js';
import { consumeSmsCode } from '../../../accounts/sms-codes.js';
import { noteUserChange } from '../../../accounts/user-changes.js';

const tags = ['子账号'];

function mainAccountOf(user: SessionUser): number {
  if (user.parentId !== null) throw forbidden('子账号无权管理子账号');
  return user.id;
}

const subUserColumns = {
  id: users.id,
  mobile: users.mobile,
  nickname: users.nickname,
  shareBalance: users.shareBalance,
  balance: users.balance,
  gmtCreate: users.createdAt,
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function ownedSubUser(mainId: number, subUserId: number) {
    const [sub] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, subUserId), eq(users.parentId, mainId)));
    if (!sub) throw notFound('子账号不存在');
    return sub.id;
  }

  app.post(
    '/auth/user/ext/list/sub/user',
    { schema: { tags, summary: '子账号列表', body: PageQuery, response: { 200: Envelope(Page(SubUser)) } } },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const rows = await app.db
        .select(subUserColumns)
        .from(users)
        .where(eq(users.parentId, mainId))
        .orderBy(desc(users.id))
        .limit(pageSize)
        .offset(offset);
      const [total] = await app.db.select({ n: count() }).from(users).where(eq(users.parentId, mainId));
      return ok({ list: rows.map((row) => ({ ...row, mobile: maskMobile(row.mobile) })), total: total?.n ?? 0, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/user/ext/add/sub/user',
    { schema: { tags, summary: '添加子账号（验证码发往子账号手机号）', body: AddSubUserBody, response: { 200: Envelope(AddedSubUser) } } },
    async (request) => {
      const mainId = mainAccountOf(currentUser(request));
      if (!(await app.rateLimiter.hit(`add-sub-user:${mainId}`, app.config.rateLimits.addSubUserPerAccount)))
        throw tooMany('添加子账号过于频繁，请稍后再试');
      const [existing] = await app.db.select({ n: count() }).from(users).where(eq(users.parentId, mainId));
      if ((existing?.n ?? 0) >= app.config.maxSubAccounts) throw conflict(`子账号数量已达上限（${app.config.maxSubAccounts}个）`);
      const { mobile, code, password, nickname } = request.body;
      // Only the number's holder can confirm it; a bind code is sent to unregistered numbers only.
      await consumeSmsCode(app, mobile, 'bind', code);
      const sub = await createAccount(app.db, { mobile, nickname, passwordHash: await hashPassword(password), parentId: mainId });
      return ok({ id: sub.id, mobile: maskMobile(sub.mobile), nickname: sub.nickname, shareBalance: sub.shareBalance }, '子账号已添加');
    },
  );

  app.post(
    '/auth/user/ext/update/sub/user/share',
    { schema: { tags, summary: '子账号共享余额开关', body: SubUserShareBody, response: { 200: Envelope(SubUserShare) } } },
    async (request) => {
      const subId = await ownedSubUser(mainAccountOf(currentUser(request)), request.body.subUserId);
      await app.db.update(users).set({ shareBalance: request.body.shareBalance, updatedAt: app.clock.now() }).where(eq(users.id, subId));
      noteUserChange(subId, 'account');
      return ok({ id: subId, shareBalance: request.body.shareBalance }, request.body.shareBalance ? '已开启余额共享' : '已关闭余额共享');
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
    async (request) => {
      const subId = await ownedSubUser(mainAccountOf(currentUser(request)), request.body.subUserId);
      await consumeSmsCode(app, request.body.mobile, 'bind', request.body.code);
      try {
        await app.db.update(users).set({ mobile: request.body.mobile, updatedAt: app.clock.now() }).where(eq(users.id, subId));
        noteUserChange(subId, 'account');
      } catch (error) {
        if (uniqueViolation(error)) throw conflict('该手机号已注册');
        throw error;
      }
      return ok({ id: subId, mobile: maskMobile(request.body.mobile) }, '手机号已更换');
    },
  );

  app.post(
    '/auth/user/ext/update/password/sub/user',
    { schema: { tags, summary: '重设子账号密码', body: SubUserPasswordBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const subId = await ownedSubUser(mainAccountOf(currentUser(request)), request.body.subUserId);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: app.clock.now() }).where(eq(users.id, subId));
        noteUserChange(subId, 'account');
        await revokeAllSessions(tx, subId, app.clock.now());
      });
      return ok(null, '子账号密码已重设');
    },
  );
};

export default routes;
