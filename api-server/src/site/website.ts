import { eq } from 'drizzle-orm';
import { website } from '../db/schema.js';
import type { Executor } from '../db/open-database.js';
import { notFound } from '../errors.js';

export async function loadWebsite(db: Executor) {
  const [site] = await db.select().from(website).where(eq(website.id, 1));
  if (!site) throw notFound('站点信息尚未配置');
  return site;
}

type Website = Awaited<ReturnType<typeof loadWebsite>>;

/** The spec's "Website info". */
export function websiteInfo(site: Website) {
  const {
    logo,
    ico,
    keyword,
    desc,
    copyright,
    icp,
    prn,
    prnNo,
    isEnableStatistics,
    statisticsCode,
    isShowService,
    title,
    h5Domain,
    hotline,
  } = site;
  const { service1, service2, service3, service4, service5 } = site;
  return {
    logo,
    ico,
    keyword,
    desc,
    copyright,
    icp,
    prn,
    prnNo,
    isEnableStatistics,
    statisticsCode,
    isShowService,
    service1,
    service2,
    service3,
    service4,
    service5,
    title,
    h5Domain,
    hotline,
  };
}

/** The public `/config.json` of spec §3. */
export function publicConfig(site: Website) {
  return {
    logo: site.logo,
    ico: site.ico,
    systemName: site.systemName,
    footLogo: site.footLogo,
    icpText: site.icpText,
    icpNumber: site.icp,
    prn: site.prn,
    prnNo: site.prnNo,
    headTips: { show: site.headTipsShow, bgColor: site.headTipsBgColor, content: site.headTipsContent },
    userIntro: site.userIntro,
    hotline: site.hotline,
  };
}
