import { and, eq } from 'drizzle-orm';
import { type Database, sysConfig, website } from '../db/index.js';
import { welcomeCreditKey, yuanText } from '../billing/index.js';
import { catalogueHourPrice } from './compute-pool.js';

/** ¥5.00 for each new account on the demo site. */
export const demoWelcomeCredit = 5_000;
export const demoHeadTips = `新用户注册即送 ${demoWelcomeCredit / 1000} 元体验金，RTX 4090 低至 ${yuanText(catalogueHourPrice('rtx4090'))} 元/小时`;
/** The banner of sites seeded before the credit was granted: it promised credit without an amount. */
const promiseWithoutAmount = '新用户注册即送体验金，RTX 4090 低至 1.98 元/小时';

/** Seeds the welcome credit once; a site whose banner promised it unnamed now states the amount it grants. */
export async function seedWelcomeCredit(db: Database): Promise<boolean> {
  const inserted = await db.insert(sysConfig).values({ key: welcomeCreditKey, value: demoWelcomeCredit }).onConflictDoNothing().returning();
  if (inserted.length === 0) return false;
  await db
    .update(website)
    .set({ headTipsContent: demoHeadTips })
    .where(and(eq(website.id, 1), eq(website.headTipsContent, promiseWithoutAmount)));
  return true;
}
