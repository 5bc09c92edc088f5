import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebInfo, type SiteInfoUpdateBody } from '@rc/api-contract/system/site';
import { website, type Executor } from '../db/index.js';
import { invalid, notFound } from '../errors.js';
import { cachedAnswer } from '../shared-state/index.js';

export async function loadWebsite(db: Executor) {
  const [site] = await db.select().from(website).where(eq(website.id, 1));
  if (!site) throw notFound('站点信息尚未配置');
  return site;
}

type Website = Awaited<ReturnType<typeof loadWebsite>>;

/** The spec's "Website info": exactly the fields the contract's WebInfo names, taken from the settings row. */
export function websiteInfo(site: Website): WebInfo {
  return Object.fromEntries(Object.keys(WebInfo.properties).map((field) => [field, site[field as keyof Website]])) as WebInfo;
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

const siteAnswersKey = 'site:answers';
/** An operator's edit shows at once; one made in the database directly shows within this time. */
const siteAnswersTtlMs = 60_000;

/** The site info and the public config, which every page of the portal reads, from the shared cache. */
export function siteAnswers(app: FastifyInstance): Promise<{ info: WebInfo; config: ReturnType<typeof publicConfig> }> {
  return cachedAnswer(app, siteAnswersKey, siteAnswersTtlMs, async () => {
    const site = await loadWebsite(app.db);
    return { info: websiteInfo(site), config: publicConfig(site) };
  });
}

/** For whoever changes the settings row while the server runs. */
export const forgetSiteAnswers = (app: FastifyInstance) => app.shared.cache.delete([siteAnswersKey]);

/** The H5 site is a whole http(s) address, or nothing (phones then keep the desktop site). */
function checkedH5Domain(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  const url = URL.canParse(trimmed) ? new URL(trimmed) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || /\s/.test(trimmed)) {
    throw invalid('H5 站点地址须是以 http:// 或 https:// 开头的网址，或留空');
  }
  return trimmed;
}

/** An operator's edit of the site info; every open portal reads it on its next load. */
export async function updateSiteInfo(app: FastifyInstance, body: SiteInfoUpdateBody): Promise<void> {
  const h5Domain = checkedH5Domain(body.h5Domain);
  const title = body.title.trim();
  if (!title) throw invalid('请输入网站标题');
  await app.db
    .update(website)
    .set({ ...body, title, hotline: body.hotline.trim(), h5Domain })
    .where(eq(website.id, 1));
  await forgetSiteAnswers(app);
}
