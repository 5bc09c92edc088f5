import { and, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sysConfig, users } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict, invalid } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { isValidIdCard, maskIdCard } from '../../../lib/id-card.js';
import { sha256 } from '../../../lib/secrets.js';
import { Envelope } from '@rc/api-contract/envelope';
import { AccountOverview, CertificationBody, ProfileUpdateBody, RealtimeBalance, SysConfig, UserInfo } from '@rc/api-contract/user/profile';
import { uniqueViolation } from '../../../accounts/accounts.js';
import { loadUser, spendableBalance, toUserInfo } from '../../../accounts/user-info.js';
import { ledgerSummary } from '../../../billing/ledger.js';
import { noteUserChange } from '../../../accounts/user-changes.js';

const tags = ['个人中心'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/auth/user/ext/view', { schema: { tags, summary: '当前用户信息', response: { 200: Envelope(UserInfo) } } }, async (request) => {
    return ok(await toUserInfo(app.db, currentUser(request).account, request.headers.token as string));
  });

  app.post(
    '/auth/user/ext/update',
    { schema: { tags, summary: '修改个人信息', body: ProfileUpdateBody, response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { nickname, headImgUrl } = request.body;
      const changes = {
        ...(nickname === undefined ? {} : { nickname: nickname.trim() }),
        ...(headImgUrl === undefined ? {} : { headImgUrl }),
      };
      if (changes.nickname === '') throw invalid('昵称不能为空');
      if (Object.keys(changes).length > 0) {
        await app.db
          .update(users)
          .set({ ...changes, updatedAt: app.clock.now() })
          .where(eq(users.id, id));
        noteUserChange(id, 'account');
      }
      return ok(await toUserInfo(app.db, await loadUser(app.db, id)), '个人信息已更新');
    },
  );

  app.get(
    '/auth/user/ext/get/realtime/balance',
    { schema: { tags, summary: '实时余额', response: { 200: Envelope(RealtimeBalance) } } },
    async (request) => {
      return ok({ balance: await spendableBalance(app.db, currentUser(request).account) });
    },
  );

  app.post(
    '/auth/user/account/view',
    { schema: { tags, summary: '账户总览', response: { 200: Envelope(AccountOverview) } } },
    async (request) => {
      const user = currentUser(request).account;
      const { totalRecharge, totalConsume, recentEntries } = await ledgerSummary(app.db, user.id);
      return ok({
        balance: await spendableBalance(app.db, user),
        ownBalance: user.balance,
        sharedFromMainAccount: Boolean(user.parentId && user.shareBalance),
        totalRecharge,
        totalConsume,
        recentEntries,
        incomeBalance: user.incomeBalance,
        incomeHeld: user.incomeHeld,
      });
    },
  );

  app.post(
    '/auth/user/sys/config',
    { schema: { tags: ['系统'], summary: '系统计价配置（含 priceCalc）', response: { 200: Envelope(SysConfig) } } },
    async () => {
      const rows = await app.db.select().from(sysConfig);
      return ok(Object.fromEntries(rows.map((row) => [row.key, row.value])));
    },
  );

  app.post(
    '/auth/user/certification',
    { schema: { tags, summary: '实名认证', body: CertificationBody, response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      const { id } = currentUser(request);
      const idCard = request.body.idCard.toUpperCase();
      if (!isValidIdCard(idCard)) throw invalid('身份证号校验失败，请核对后重新输入');
      try {
        const updated = await app.db
          .update(users)
          .set({
            idCardCheckStatus: 1,
            realName: request.body.realName,
            idCardMasked: maskIdCard(idCard),
            idCardHash: sha256(`id-card:${idCard}`),
            updatedAt: app.clock.now(),
          })
          .where(and(eq(users.id, id), lt(users.idCardCheckStatus, 1)))
          .returning({ id: users.id });
        if (updated.length === 0) throw conflict('您已完成实名认证');
        noteUserChange(id, 'account');
      } catch (error) {
        if (uniqueViolation(error)) throw conflict('该身份证号已被其他账户认证');
        throw error;
      }
      return ok(await toUserInfo(app.db, await loadUser(app.db, id)), '实名认证成功');
    },
  );

  app.post(
    '/auth/user/cancel/certification',
    { schema: { tags, summary: '取消实名认证', response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      const { id } = currentUser(request);
      const updated = await app.db
        .update(users)
        .set({ idCardCheckStatus: 0, realName: null, idCardMasked: null, idCardHash: null, updatedAt: app.clock.now() })
        .where(and(eq(users.id, id), eq(users.idCardCheckStatus, 1)))
        .returning({ id: users.id });
      if (updated.length === 0) throw conflict('您尚未完成实名认证');
      noteUserChange(id, 'account');
      return ok(await toUserInfo(app.db, await loadUser(app.db, id)), '已取消实名认证');
    },
  );
};

export default routes;
