import { and, count, desc, eq, sql } from 'drizzle-orm';
import { incomeHolds, users, type Executor } from '../db/index.js';
import { invalid } from '../errors.js';
import { maskMobile } from '../lib/index.js';
import { holdIncome } from './income.js';
import { loadIncomeSettings } from './income-settings.js';
import { yuanText } from './welcome-credit.js';

/** The referrer a code names, if the code may be used: the programme is on and the code belongs to a main account. */
export async function referrerOfCode(db: Executor, code: string) {
  const { referral } = await loadIncomeSettings(db);
  if (!referral.enabled) return null;
  const [referrer] = await db
    .select({ id: users.id, nickname: users.nickname, parentId: users.parentId })
    .from(users)
    .where(eq(users.referralCode, code));
  return referrer && referrer.parentId === null ? referrer : null;
}

/** The link a referrer shares: the portal's registration page carrying the code (the portal's origin, e.g. `https://host`). */
export const referralLink = (origin: string, code: string) => `${origin}/register?referralCode=${code}`;

/** A referral code someone typed: valid when it names a referrer, whose nickname it answers. */
export async function checkedReferralCode(db: Executor, referralCode: string) {
  const referrer = await referrerOfCode(db, referralCode);
  if (!referrer) throw invalid('推荐码无效');
  return { referralCode, referrerNickname: referrer.nickname };
}

/** The user's own referral code and its link at `origin`. */
export async function ownReferralCode(db: Executor, userId: number, origin: string) {
  const [me] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId));
  return { referralCode: me!.referralCode, link: referralLink(origin, me!.referralCode) };
}

function addMonths(date: Date, months: number) {
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Called when a referred user's recharge is settled (in the settlement's transaction): the referrer earns
 * the configured share of it, rounded down to whole thousandths, held for the configured days. Nothing is
 * earned for a user nobody referred, after the configured months, or twice for the same `source`.
 * Answers the commission booked (0 when none).
 */
export async function awardReferralCommission(
  tx: Executor,
  { referredUserId, rechargeAmount, source, at }: { referredUserId: number; rechargeAmount: number; source: string; at: Date },
): Promise<number> {
  if (!Number.isSafeInteger(rechargeAmount) || rechargeAmount <= 0) return 0;
  const [referred] = await tx
    .select({ referredBy: users.referredBy, createdAt: users.createdAt, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, referredUserId));
  if (!referred?.referredBy) return 0;
  const { referral } = await loadIncomeSettings(tx);
  if (!referral.enabled || at >= addMonths(referred.createdAt, referral.months)) return 0;
  const amount = Math.floor((rechargeAmount * referral.rateBasisPoints) / 10_000);
  if (amount <= 0) return 0;
  const held = await holdIncome(tx, {
    userId: referred.referredBy,
    amount,
    sourceKind: 'referral',
    sourceRef: source,
    fromUserId: referredUserId,
    baseAmount: rechargeAmount,
    holdDays: referral.holdDays,
    note: `推荐用户 ${maskMobile(referred.mobile)} 充值 ¥${yuanText(rechargeAmount)} 返佣`,
    at,
  });
  return held === null ? 0 : amount;
}

/** The people a user referred (masked mobiles) and what each earned the referrer. */
export async function referredUsers(db: Executor, referrerId: number, limit: number, offset: number) {
  const earned = db
    .select({ fromUserId: incomeHolds.fromUserId, amount: sql<string>`sum(${incomeHolds.amount})`.as('amount') })
    .from(incomeHolds)
    .where(and(eq(incomeHolds.userId, referrerId), eq(incomeHolds.sourceKind, 'referral')))
    .groupBy(incomeHolds.fromUserId)
    .as('earned');
  const rows = await db
    .select({ id: users.id, mobile: users.mobile, gmtCreate: users.createdAt, earned: earned.amount })
    .from(users)
    .leftJoin(earned, eq(earned.fromUserId, users.id))
    .where(eq(users.referredBy, referrerId))
    .orderBy(desc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, referrerId));
  return {
    list: rows.map((row) => ({ mobile: maskMobile(row.mobile), gmtCreate: row.gmtCreate, earned: Number(row.earned ?? 0) })),
    total: total?.n ?? 0,
  };
}
