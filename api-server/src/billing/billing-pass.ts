import type { FastifyInstance } from 'fastify';
import { releaseMaturedIncome } from './income.js';
import { resumePayouts } from './withdrawals.js';

export interface BillingPassReport {
  incomeReleased: number;
  /** Withdrawals a crash left 打款中, paid and booked now. */
  payoutsResumed: number;
}

/** Billing's periodic work: referral income that has matured becomes withdrawable, and stuck payouts are resumed. */
export async function runBillingPass(app: FastifyInstance): Promise<BillingPassReport> {
  const incomeReleased = await releaseMaturedIncome(app.db, app.clock.now());
  const payoutsResumed = await resumePayouts(app.db, app.payout, () => app.clock.now());
  return { incomeReleased, payoutsResumed };
}
