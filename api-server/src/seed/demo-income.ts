import { eq } from 'drizzle-orm';
import { type Database, incomeHolds, users } from '../db/index.js';
import { holdIncome, releaseMaturedIncome, defaultReferralSettings } from '../billing/index.js';
import { maskMobile } from '../lib/index.js';

const dayMs = 86_400_000;

/**
 * The demo user referred the demo organisation: commission on a ¥2,000 recharge ten days ago (now
 * withdrawable) and on a ¥600 recharge today (still held), so 我的收益 and 提现 have something to show.
 */
export async function seedDemoIncome(db: Database, mobiles: { referrer: string; referred: string }): Promise<boolean> {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobiles.referrer));
  const [referred] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobiles.referred));
  if (!referrer || !referred) return false;
  const [earned] = await db.select({ id: incomeHolds.id }).from(incomeHolds).where(eq(incomeHolds.userId, referrer.id)).limit(1);
  if (earned) return false;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ referredBy: referrer.id }).where(eq(users.id, referred.id));
    for (const [recharge, daysAgo, ref] of [
      [2_000_000, 10, 'demo-recharge-1'],
      [600_000, 0, 'demo-recharge-2'],
    ] as const) {
      const amount = Math.floor((recharge * defaultReferralSettings.rateBasisPoints) / 10_000);
      await holdIncome(tx, {
        userId: referrer.id,
        amount,
        sourceKind: 'referral',
        sourceRef: ref,
        fromUserId: referred.id,
        baseAmount: recharge,
        holdDays: defaultReferralSettings.holdDays,
        note: `推荐用户 ${maskMobile(mobiles.referred)} 充值 ¥${(recharge / 1000).toFixed(2)} 返佣`,
        at: new Date(now.getTime() - daysAgo * dayMs),
      });
    }
  });
  await releaseMaturedIncome(db, now);
  return true;
}
