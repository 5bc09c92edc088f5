import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { AccountOverview, CertificationBody, ProfileUpdateBody, RealtimeBalance, SysConfig, UserInfo } from '@rc/api-contract/user/profile';
import { cancelCertification, certify, spendableBalance, toUserInfo, updateProfile } from '../../../accounts/index.js';
import { accountOverview } from '../../../billing/index.js';
import { systemSettings } from '../../../site/index.js';

const tags = ['个人中心'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/auth/user/ext/view', { schema: { tags, summary: '当前用户信息', response: { 200: Envelope(UserInfo) } } }, async (request) => {
    return ok(await toUserInfo(app.db, currentUser(request).account, request.headers.token as string));
  });

  app.post(
    '/auth/user/ext/update',
    { schema: { tags, summary: '修改个人信息', body: ProfileUpdateBody, response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      return ok(await updateProfile(app.db, currentUser(request).id, request.body, app.clock.now()), '个人信息已更新');
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
      return ok(await accountOverview(app.db, currentUser(request).account));
    },
  );

  app.post(
    '/auth/user/sys/config',
    { schema: { tags: ['系统'], summary: '系统计价配置（含 priceCalc）', response: { 200: Envelope(SysConfig) } } },
    async () => {
      return ok(await systemSettings(app.db));
    },
  );

  app.post(
    '/auth/user/certification',
    { schema: { tags, summary: '实名认证', body: CertificationBody, response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      const { realName, idCard } = request.body;
      return ok(await certify(app.db, currentUser(request).id, realName, idCard, app.clock.now()), '实名认证成功');
    },
  );

  app.post(
    '/auth/user/cancel/certification',
    { schema: { tags, summary: '取消实名认证', response: { 200: Envelope(UserInfo) } } },
    async (request) => {
      return ok(await cancelCertification(app.db, currentUser(request).id, app.clock.now()), '已取消实名认证');
    },
  );
};

export default routes;
