import { and, eq } from 'drizzle-orm';
import { ledgerEntries, sysConfig, type Executor } from '../db/index.js';
import { notify } from '../accounts/index.js';
import { applyLedgerEntry } from './ledger.js';

/** Site configuration key: the credit a new account receives, in thousandths of a yuan; 0 (or absent) disables it. */
export const welcomeCreditKey = 'welcomeCredit';
export const welcomeCreditNote = '新用户注册体验金';

export const yuanText = (amount: number) => (amount / 1000).toFixed(2);

export async function welcomeCreditAmount(db: Executor): Promise<number> {
  const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, welcomeCreditKey));
  const value = row?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Grants the configured welcome credit to an account registered just now, through the ledger, in the
 * caller's transaction. Sub-accounts never receive it, and an account receives it at most once.
 * Answers the account with its balance after the grant.
 */
export async function grantWelcomeCredit<T extends { id: number; parentId: number | null; balance: number }>(
  db: Executor,
  account: T,
  at: Date,
): Promise<T> {
  if (account.parentId !== null) return account;
  const amount = await welcomeCreditAmount(db);
  if (amount === 0) return account;
  const [granted] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, account.id), eq(ledgerEntries.kind, 'grant'), eq(ledgerEntries.note, welcomeCreditNote)))
    .limit(1);
  if (granted) return account;
  const { balance } = await applyLedgerEntry(db, { userId: account.id, amount, kind: 'grant', note: welcomeCreditNote, at });
  await notify(db, account.id, '体验金到账', `${yuanText(amount)} 元体验金已存入您的账户余额，可用于租用 GPU 实例。`, at);
  return { ...account, balance };
}
