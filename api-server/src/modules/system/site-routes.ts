import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  AboutGroup,
  Advert,
  AdvertListBody,
  EnumItem,
  EnumListParams,
  EnumLists,
  FriendLink,
  HealthResult,
  NavItem,
  NavListBody,
  PublicConfig,
  ReferralCodeBody,
  ReferralCodeResult,
  SiteInfoUpdateBody,
  SiteShell,
  WebInfo,
  Zone,
  ZoneListBody,
} from '@rc/api-contract/system/site';
import { ok } from '../../envelope.js';
import { checkedReferralCode, ownReferralCode } from '../../billing/index.js';
import { authenticateToken } from '../../accounts/index.js';
import {
  aboutNavigation,
  advertList,
  enumList,
  enumLists,
  friendLinkList,
  navBar,
  siteAnswers,
  siteShell,
  updateSiteInfo,
  zoneList,
} from '../../site/index.js';
import { requireOperator } from '../../plugins/index.js';
import { demoSite } from '../../seed/index.js';

const tags = ['系统'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', { schema: { tags, summary: '存活检查', response: { 200: Envelope(HealthResult) } } }, async () =>
    ok({ status: 'up' as const }),
  );

  app.post(
    '/api/adv/list',
    { schema: { tags, summary: '广告列表', body: AdvertListBody, response: { 200: Envelope(Type.Array(Advert)) } } },
    async (request) => {
      return ok(await advertList(app.db, request.body));
    },
  );

  app.post(
    '/api/nav/bar/list',
    { schema: { tags, summary: '顶部导航', body: NavListBody, response: { 200: Envelope(Type.Array(NavItem)) } } },
    async (request) => {
      return ok(await navBar(app.db, request.body));
    },
  );

  // The portal POSTs it (spec §7); a plain GET answers too, for curl and health checks.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/website/get',
    schema: { tags, summary: '站点信息', response: { 200: Envelope(WebInfo) } },
    handler: async () => ok((await siteAnswers(app)).info),
  });

  app.post(
    '/api/website/shell',
    {
      schema: {
        tags,
        summary: '页面框架所需的站点数据一次取回：站点信息、顶部导航、页脚分组、友情链接、专区与班级',
        response: { 200: Envelope(SiteShell) },
      },
    },
    async () => ok(await siteShell(app)),
  );

  app.post(
    '/auth/website/update',
    { schema: { tags, summary: '修改站点信息（运营人员）', body: SiteInfoUpdateBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      requireOperator(request);
      await updateSiteInfo(app, request.body);
      return ok(null, '站点信息已保存');
    },
  );

  app.post('/api/website/link', { schema: { tags, summary: '友情链接', response: { 200: Envelope(Type.Array(FriendLink)) } } }, async () =>
    ok(await friendLinkList(app.db)),
  );

  app.post(
    '/api/website/nav/list',
    { schema: { tags, summary: '关于我们/帮助导航分组', response: { 200: Envelope(Type.Array(AboutGroup)) } } },
    async () => {
      return ok(await aboutNavigation(app.db));
    },
  );

  app.post(
    '/api/zone/list',
    {
      schema: {
        tags,
        summary: '专区列表',
        body: ZoneListBody,
        response: { 200: Envelope(Type.Array(Zone)) },
      },
    },
    async (request) => {
      return ok(await zoneList(app.db, request.body));
    },
  );

  app.post(
    '/api/website/referral/code',
    {
      schema: {
        tags,
        summary: '推荐码：带 referralCode 时校验并返回推荐人；否则（需登录）返回我的推荐码与推荐链接',
        body: ReferralCodeBody,
        response: { 200: Envelope(ReferralCodeResult) },
      },
    },
    async (request) => {
      const { referralCode } = request.body;
      if (referralCode) return ok(await checkedReferralCode(app.db, referralCode));
      const sessionUser = await authenticateToken(app, request.headers.token);
      return ok(await ownReferralCode(app.db, sessionUser.id, `${request.protocol}://${request.host}`));
    },
  );

  app.get(
    '/auth/api/enum/lists',
    { schema: { tags, summary: '全部枚举一次取回（按名称分组）', response: { 200: Envelope(EnumLists) } } },
    async () => ok(await enumLists(app.db)),
  );

  app.get(
    '/auth/api/enum/list/:type',
    { schema: { tags, summary: '按名称取枚举', params: EnumListParams, response: { 200: Envelope(Type.Array(EnumItem)) } } },
    async (request) => {
      return ok(await enumList(app.db, request.params.type));
    },
  );
};

export const publicConfigRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/config.json', { schema: { tags, summary: '门户公共配置', response: { 200: PublicConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { ...(await siteAnswers(app)).config, demoSite: await demoSite(app) };
  });
};

export default routes;
