import { inArray } from 'drizzle-orm';
import { sysConfig, type Executor } from '../db/index.js';

/** Site configuration key `referralCommission`: the share of a referred user's recharges the referrer earns. */
export interface ReferralSettings {
  enabled: boolean;
  /** Commission in basis points of the recharge (500 = 5 %). */
  rateBasisPoints: number;
  /** Recharges count for this many months after the referred user registered. */
  months: number;
  /** Income is held this many days before it can be withdrawn. */
  holdDays: number;
}

/** Site configuration key `withdrawal`: bounds and fee of a withdrawal, in thousandths of a yuan. */
export interface WithdrawalSettings {
  minAmount: number;
  maxAmount: number;
  /** Fee in basis points of the amount, at least `minFee`, rounded down to whole thousandths. */
  feeBasisPoints: number;
  minFee: number;
}

export const defaultReferralSettings: ReferralSettings = { enabled: true, rateBasisPoints: 500, months: 12, holdDays: 7 };
export const defaultWithdrawalSettings: WithdrawalSettings = {
  minAmount: 10_000,
  maxAmount: 50_000_000,
  feeBasisPoints: 60,
  minFee: 1_000,
};

const wholeNumber = (value: unknown, fallback: number) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fallback;

export async function loadIncomeSettings(db: Executor): Promise<{ referral: ReferralSettings; withdrawal: WithdrawalSettings }> {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(inArray(sysConfig.key, ['referralCommission', 'withdrawal']));
  const byKey = new Map(rows.map((row) => [row.key, (row.value ?? {}) as Record<string, unknown>]));
  const referral = byKey.get('referralCommission') ?? {};
  const withdrawal = byKey.get('withdrawal') ?? {};
  const d = defaultReferralSettings;
  const w = defaultWithdrawalSettings;
  return {
    referral: {
      enabled: typeof referral.enabled === 'boolean' ? referral.enabled : d.enabled,
      rateBasisPoints: wholeNumber(referral.rateBasisPoints, d.rateBasisPoints),
      months: wholeNumber(referral.months, d.months),
      holdDays: wholeNumber(referral.holdDays, d.holdDays),
    },
    withdrawal: {
      minAmount: wholeNumber(withdrawal.minAmount, w.minAmount),
      maxAmount: wholeNumber(withdrawal.maxAmount, w.maxAmount),
      feeBasisPoints: wholeNumber(withdrawal.feeBasisPoints, w.feeBasisPoints),
      minFee: wholeNumber(withdrawal.minFee, w.minFee),
    },
  };
}

export function withdrawalFee(settings: WithdrawalSettings, amount: number): number {
  return Math.min(amount, Math.max(settings.minFee, Math.floor((amount * settings.feeBasisPoints) / 10_000)));
}
