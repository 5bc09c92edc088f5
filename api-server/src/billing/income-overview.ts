import { eq } from 'drizzle-orm';
import { users, type Executor } from '../db/index.js';
import { incomeSummary } from './income.js';
import { loadIncomeSettings } from './income-settings.js';
import { referralLink } from './referral.js';

/** The user's income, their referral code and link (`siteOrigin` the address they reached us at), and the referral terms. */
export async function incomeOverview(db: Executor, user: { id: number; parentId: number | null }, siteOrigin: string) {
  const [me] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, user.id));
  const { referral } = await loadIncomeSettings(db);
  return {
    ...(await incomeSummary(db, user.id)),
    referralCode: me!.referralCode,
    referralLink: referralLink(siteOrigin, me!.referralCode),
    referralEnabled: referral.enabled && user.parentId === null,
    commissionPercent: referral.rateBasisPoints / 100,
    commissionMonths: referral.months,
    holdDays: referral.holdDays,
  };
}
