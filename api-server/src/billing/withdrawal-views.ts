import { eq } from 'drizzle-orm';
import type { Withdrawal } from '@rc/api-contract/user/income';
import { users, type withdrawals, type Executor } from '../db/index.js';
import { maskMobile } from '../lib/index.js';
import { loadIncomeSettings } from './income-settings.js';
import { maskPayeeAccount } from './payee-accounts.js';
import { withdrawalStatusNames } from './withdrawals.js';

/** A withdrawal as its owner sees it (the payee account masked) or as the reviewing operator does (in full). */
export function withdrawalView(row: typeof withdrawals.$inferSelect, mobile: string, viewer: 'owner' | 'operator'): Withdrawal {
  return {
    id: row.id,
    mobile: maskMobile(mobile),
    amount: row.amount,
    fee: row.fee,
    arrival: row.amount - row.fee,
    payeeChannel: row.payeeChannel,
    payeeAccount: viewer === 'owner' ? maskPayeeAccount(row.payeeChannel, row.payeeAccount) : row.payeeAccount,
    payeeName: row.payeeName,
    bankName: row.bankName,
    status: row.status,
    statusName: withdrawalStatusNames[row.status] ?? '',
    reason: row.reason,
    gmtCreate: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A reviewed withdrawal as the operator sees it, with its owner's mobile. */
export async function reviewedWithdrawalView(db: Executor, row: typeof withdrawals.$inferSelect) {
  const [owner] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, row.userId));
  return withdrawalView(row, owner!.mobile, 'operator');
}

/** The withdrawal rules, what the user may withdraw, and the certified name payouts go to. */
export async function withdrawalOptions(db: Executor, userId: number) {
  const [me] = await db
    .select({ withdrawable: users.incomeBalance, realName: users.realName, idCardCheckStatus: users.idCardCheckStatus })
    .from(users)
    .where(eq(users.id, userId));
  const { withdrawal } = await loadIncomeSettings(db);
  return {
    withdrawable: me!.withdrawable,
    minAmount: withdrawal.minAmount,
    maxAmount: withdrawal.maxAmount,
    feeBasisPoints: withdrawal.feeBasisPoints,
    minFee: withdrawal.minFee,
    realName: me!.idCardCheckStatus === 1 ? me!.realName : null,
  };
}
