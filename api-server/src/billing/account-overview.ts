import { type Executor } from '../db/index.js';
import { type UserRow, spendableBalance } from '../accounts/index.js';
import { ledgerSummary } from './ledger.js';

/** The account page's money: what can be spent (a shared main balance included), own balance, totals and income. */
export async function accountOverview(db: Executor, user: UserRow) {
  const { totalRecharge, totalConsume, recentEntries } = await ledgerSummary(db, user.id);
  return {
    balance: await spendableBalance(db, user),
    ownBalance: user.balance,
    sharedFromMainAccount: Boolean(user.parentId && user.shareBalance),
    totalRecharge,
    totalConsume,
    recentEntries,
    incomeBalance: user.incomeBalance,
    incomeHeld: user.incomeHeld,
  };
}
