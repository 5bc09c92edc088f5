import { Type, type Static } from 'typebox';

/** `/apis/system/...`: site information, navigation, adverts, zones, enums, referral codes, and the portal's `/config.json`. */

export const HealthResult = Type.Object({ status: Type.Literal('up') });
export type HealthResult = Static<typeof HealthResult>;

export const AdvertListBody = Type.Object({ position: Type.Optional(Type.String({ title: '广告位', maxLength: 32 })) });
export type AdvertListBody = Static<typeof AdvertListBody>;
export const Advert = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  imageUrl: Type.String(),
  linkUrl: Type.String(),
  position: Type.String(),
});
export type Advert = Static<typeof Advert>;

export const NavListBody = Type.Object({ platShow: Type.Optional(Type.Integer({ title: '展示平台', minimum: 0, maximum: 9 })) });
export type NavListBody = Static<typeof NavListBody>;
export const NavItem = Type.Object({
  id: Type.Integer(),
  navTitle: Type.String(),
  navUrl: Type.String(),
  target: Type.String({ description: '链接打开方式：_self 或 _blank' }),
});
export type NavItem = Static<typeof NavItem>;

/** The spec's "Website info". */
export const WebInfo = Type.Object({
  logo: Type.String(),
  ico: Type.String(),
  keyword: Type.String(),
  desc: Type.String(),
  copyright: Type.String(),
  icp: Type.String(),
  prn: Type.String({ description: '公安备案文字' }),
  prnNo: Type.String({ description: '公安备案号' }),
  isEnableStatistics: Type.Boolean(),
  statisticsCode: Type.String({ description: '统计脚本，isEnableStatistics 为真时插入页面' }),
  isShowService: Type.Boolean(),
  service1: Type.String(),
  service2: Type.String(),
  service3: Type.String(),
  service4: Type.String(),
  service5: Type.String(),
  title: Type.String(),
  h5Domain: Type.String(),
  hotline: Type.String(),
});
export type WebInfo = Static<typeof WebInfo>;

/** What an operator edits of the site info (`/account/review/site`): the page title, hotline, customer service and the H5 site. */
export const SiteInfoUpdateBody = Type.Object({
  title: Type.String({ title: '网站标题', minLength: 1, maxLength: 100 }),
  hotline: Type.String({ title: '服务热线', maxLength: 40 }),
  isShowService: Type.Boolean({ title: '显示客服联系方式' }),
  service1: Type.String({ title: '客服联系方式1', maxLength: 200 }),
  service2: Type.String({ title: '客服联系方式2', maxLength: 200 }),
  service3: Type.String({ title: '客服联系方式3', maxLength: 200 }),
  service4: Type.String({ title: '客服联系方式4', maxLength: 200 }),
  service5: Type.String({ title: '客服联系方式5', maxLength: 200 }),
  h5Domain: Type.String({
    title: 'H5 站点地址',
    maxLength: 200,
    description: '手机浏览器（iPhone、iPod、iPad、Android）打开门户时跳转到的地址（http:// 或 https:// 开头）；留空则手机也使用电脑版',
  }),
});
export type SiteInfoUpdateBody = Static<typeof SiteInfoUpdateBody>;

export const FriendLink = Type.Object({ id: Type.Integer(), name: Type.String(), url: Type.String() });
export type FriendLink = Static<typeof FriendLink>;

export const AboutLink = Type.Object({ id: Type.Integer(), navName: Type.String(), url: Type.String() });
export type AboutLink = Static<typeof AboutLink>;
export const AboutGroup = Type.Object({ id: Type.Integer(), navName: Type.String(), websiteNavList: Type.Array(AboutLink) });
export type AboutGroup = Static<typeof AboutGroup>;

export const ZoneListBody = Type.Object({
  categoryType: Type.Optional(Type.Integer({ title: '分类类型', minimum: 0, maximum: 99 })),
  zoneLocation: Type.Optional(Type.Integer({ title: '专区位置', minimum: 0, maximum: 99 })),
});
export type ZoneListBody = Static<typeof ZoneListBody>;
export const Zone = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  categoryType: Type.Integer(),
  zoneLocation: Type.Integer(),
});
export type Zone = Static<typeof Zone>;

export const ReferralCodeBody = Type.Object({
  referralCode: Type.Optional(Type.String({ title: '推荐码', pattern: '^[A-Z0-9]{8}$', maxLength: 8 })),
});
export type ReferralCodeBody = Static<typeof ReferralCodeBody>;
/** With a code: its referrer; without (signed in): my code and my registration link. */
export const ReferralCodeResult = Type.Object({
  referralCode: Type.String(),
  referrerNickname: Type.Optional(Type.String({ description: '推荐人昵称（带 referralCode 查询时）' })),
  link: Type.Optional(Type.String({ description: '我的推荐注册链接（不带 referralCode 时）' })),
});
export type ReferralCodeResult = Static<typeof ReferralCodeResult>;

export const enumNames = ['OrderTypeEnum', 'OrderStatusEnum', 'BillingTypeEnum', 'OpsInstanceEnum'] as const;
export type EnumName = (typeof enumNames)[number];
export const EnumListParams = Type.Object({ type: Type.String({ title: '枚举名称', maxLength: 40 }) });
export type EnumListParams = Static<typeof EnumListParams>;
export const EnumItem = Type.Object({ code: Type.Integer(), name: Type.String(), desc: Type.String() });
export type EnumItem = Static<typeof EnumItem>;
/** Every enum the contract names, in one answer (a signed-in page load asks once instead of once per enum). */
export const EnumLists = Type.Object({
  OrderTypeEnum: Type.Array(EnumItem),
  OrderStatusEnum: Type.Array(EnumItem),
  BillingTypeEnum: Type.Array(EnumItem),
  OpsInstanceEnum: Type.Array(EnumItem),
});
export type EnumLists = Static<typeof EnumLists>;

/**
 * What every layout shows, in one answer: what website/get, nav/bar/list, website/nav/list, website/link and zone/list
 * (all zones, and the classes) answer one by one.
 */
export const SiteShell = Type.Object({
  info: WebInfo,
  nav: Type.Array(NavItem),
  about: Type.Array(AboutGroup),
  links: Type.Array(FriendLink),
  zones: Type.Array(Zone),
  classes: Type.Array(Zone, { description: '班级：分类类型 1、位置 1 的专区' }),
});
export type SiteShell = Static<typeof SiteShell>;

/** Why the site is (still) a demo: the portal shows a banner on every page while either holds. */
export const DemoSite = Type.Object(
  {
    paymentSandbox: Type.Boolean({ description: '模拟收银台开启：充值不会真实扣款' }),
    publishedPassword: Type.Boolean({ description: '仍有账户使用公开的演示密码' }),
  },
  { description: '演示环境' },
);
export type DemoSite = Static<typeof DemoSite>;

/** The public `/config.json` of spec §3 (not wrapped in the envelope), and `demoSite`. */
export const PublicConfig = Type.Object({
  logo: Type.String(),
  ico: Type.String(),
  systemName: Type.String(),
  footLogo: Type.String(),
  icpText: Type.String(),
  icpNumber: Type.String(),
  prn: Type.String(),
  prnNo: Type.String(),
  headTips: Type.Object({ show: Type.Boolean(), bgColor: Type.String(), content: Type.String() }, { description: '页头提示条' }),
  userIntro: Type.String(),
  hotline: Type.String(),
  demoSite: DemoSite,
});
export type PublicConfig = Static<typeof PublicConfig>;
