import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  AboutGroup,
  Advert,
  AdvertListBody,
  EnumItem,
  EnumListParams,
  FriendLink,
  HealthResult,
  NavItem,
  NavListBody,
  PublicConfig,
  ReferralCodeBody,
  ReferralCodeResult,
  WebInfo,
  Zone,
  ZoneListBody,
  enumNames,
} from '@rc/api-contract/system/site';
import { aboutGroups, aboutItems, adverts, enumItems, friendLinks, navItems, users, zones } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { invalid, notFound } from '../../errors.js';
import { referralLink, referrerOfCode } from '../../billing/referral.js';
import { authenticateToken } from '../../accounts/sessions.js';
import { siteAnswers } from '../../site/website.js';
import { demoSite } from '../../seed/demo-site.js';

const tags = ['系统'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/health', { schema: { tags, summary: '存活检查', response: { 200: Envelope(HealthResult) } } }, async () =>
    ok({ status: 'up' as const }),
  );

  app.post(
    '/api/adv/list',
    { schema: { tags, summary: '广告列表', body: AdvertListBody, response: { 200: Envelope(Type.Array(Advert)) } } },
    async (request) => {
      const where: SQL[] = [eq(adverts.enabled, true)];
      if (request.body.position) where.push(eq(adverts.position, request.body.position));
      const rows = await app.db
        .select({ id: adverts.id, title: adverts.title, imageUrl: adverts.imageUrl, linkUrl: adverts.linkUrl, position: adverts.position })
        .from(adverts)
        .where(and(...where))
        .orderBy(asc(adverts.sort), asc(adverts.id));
      return ok(rows);
    },
  );

  app.post(
    '/api/nav/bar/list',
    { schema: { tags, summary: '顶部导航', body: NavListBody, response: { 200: Envelope(Type.Array(NavItem)) } } },
    async (request) => {
      const rows = await app.db
        .select({ id: navItems.id, navTitle: navItems.navTitle, navUrl: navItems.navUrl, target: navItems.target })
        .from(navItems)
        .where(eq(navItems.platShow, request.body.platShow ?? 1))
        .orderBy(asc(navItems.sort), asc(navItems.id));
      return ok(rows);
    },
  );

  // The portal POSTs it (spec §7); a plain GET answers too, for curl and health checks.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/website/get',
    schema: { tags, summary: '站点信息', response: { 200: Envelope(WebInfo) } },
    handler: async () => ok((await siteAnswers(app)).info),
  });

  app.post('/api/website/link', { schema: { tags, summary: '友情链接', response: { 200: Envelope(Type.Array(FriendLink)) } } }, async () =>
    ok(
      await app.db
        .select({ id: friendLinks.id, name: friendLinks.name, url: friendLinks.url })
        .from(friendLinks)
        .orderBy(asc(friendLinks.sort), asc(friendLinks.id)),
    ),
  );

  app.post(
    '/api/website/nav/list',
    { schema: { tags, summary: '关于我们/帮助导航分组', response: { 200: Envelope(Type.Array(AboutGroup)) } } },
    async () => {
      const groups = await app.db.select().from(aboutGroups).orderBy(asc(aboutGroups.sort), asc(aboutGroups.id));
      const items = await app.db.select().from(aboutItems).orderBy(asc(aboutItems.sort), asc(aboutItems.id));
      return ok(
        groups.map((group) => ({
          id: group.id,
          navName: group.navName,
          websiteNavList: items.filter((item) => item.groupId === group.id).map(({ id, navName, url }) => ({ id, navName, url })),
        })),
      );
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
      const where: SQL[] = [];
      if (request.body.categoryType !== undefined) where.push(eq(zones.categoryType, request.body.categoryType));
      if (request.body.zoneLocation !== undefined) where.push(eq(zones.zoneLocation, request.body.zoneLocation));
      const rows = await app.db
        .select({ id: zones.id, name: zones.name, code: zones.code, categoryType: zones.categoryType, zoneLocation: zones.zoneLocation })
        .from(zones)
        .where(and(...where))
        .orderBy(asc(zones.sort), asc(zones.id));
      return ok(rows);
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
      if (referralCode) {
        const referrer = await referrerOfCode(app.db, referralCode);
        if (!referrer) throw invalid('推荐码无效');
        return ok({ referralCode, referrerNickname: referrer.nickname });
      }
      const sessionUser = await authenticateToken(app, request.headers.token);
      const [me] = await app.db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, sessionUser.id));
      return ok({ referralCode: me!.referralCode, link: referralLink(`${request.protocol}://${request.host}`, me!.referralCode) });
    },
  );

  app.get(
    '/auth/api/enum/list/:type',
    { schema: { tags, summary: '按名称取枚举', params: EnumListParams, response: { 200: Envelope(Type.Array(EnumItem)) } } },
    async (request) => {
      if (!(enumNames as readonly string[]).includes(request.params.type)) throw notFound('枚举类型不存在');
      const rows = await app.db
        .select({ code: enumItems.code, name: enumItems.name, desc: enumItems.desc })
        .from(enumItems)
        .where(eq(enumItems.type, request.params.type))
        .orderBy(asc(enumItems.sort), asc(enumItems.code));
      return ok(rows);
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
