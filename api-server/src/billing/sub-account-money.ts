import { and, count, desc, eq } from 'drizzle-orm';
import { subAccountBudgets, subAccountTransfers, users, type Database, type Executor } from '../db/index.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import { postTransaction } from './ledger.js';
import { chargedThisMonth } from './monthly-charges.js';

/** The main account's own sub-account, or 404 (another main's sub-account is as unknown as a missing one). */
export async function ownedSubAccount(db: Executor, mainId: number, subId: number) {
  const [sub] = await db
    .select({ id: users.id, mobile: users.mobile, balance: users.balance, shareBalance: users.shareBalance })
    .from(users)
    .where(and(eq(users.id, subId), eq(users.parentId, mainId)));
  if (!sub) throw notFound('子账号不存在');
  return sub;
}

/**
 * Moves cash between a main account and its sub-account through the ledger: positive allots to the
 * sub-account, negative recalls from it (never more than it holds). Only for sub-accounts that keep
 * their own balance.
 */
export async function transferToSubAccount(db: Database, mainId: number, subId: number, amount: number, at: Date) {
  if (amount % 10 !== 0) throw invalid('金额须精确到分');
  const sub = await ownedSubAccount(db, mainId, subId);
  if (sub.shareBalance) throw conflict('该子账号共享主账号余额，无需划拨');
  const [from, to] = amount > 0 ? [mainId, subId] : [subId, mainId];
  return db.transaction(async (tx) => {
    try {
      await postTransaction(tx, {
        kind: amount > 0 ? 'sub_allot' : 'sub_recall',
        note: amount > 0 ? '向子账号划拨余额' : '从子账号回收余额',
        at,
        legs: [
          { account: { kind: 'cash', userId: from }, amount: -Math.abs(amount) },
          { account: { kind: 'cash', userId: to }, amount: Math.abs(amount) },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && amount < 0) throw conflict('回收金额超过子账号余额');
      if (error instanceof AppError) throw conflict('主账号余额不足，请先充值');
      throw error;
    }
    const [row] = await tx.insert(subAccountTransfers).values({ mainId, subId, amount, createdAt: at }).returning();
    return row!;
  });
}

export async function transferLog(db: Executor, mainId: number, subId: number, limit: number, offset: number) {
  const where = and(eq(subAccountTransfers.mainId, mainId), eq(subAccountTransfers.subId, subId));
  const list = await db
    .select({ id: subAccountTransfers.id, amount: subAccountTransfers.amount, gmtCreate: subAccountTransfers.createdAt })
    .from(subAccountTransfers)
    .where(where)
    .orderBy(desc(subAccountTransfers.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(subAccountTransfers).where(where);
  return { list, total: total?.n ?? 0 };
}

/** Sets (or with null removes) the sub-account's monthly budget. */
export async function setMonthlyBudget(db: Executor, subId: number, budget: number | null) {
  if (budget === null) {
    await db.delete(subAccountBudgets).where(eq(subAccountBudgets.subId, subId));
    return;
  }
  await db
    .insert(subAccountBudgets)
    .values({ subId, monthlyBudget: budget })
    .onConflictDoUpdate({ target: subAccountBudgets.subId, set: { monthlyBudget: budget } });
}

/** The money side of one sub-account: its balance, whether it shares, its budget and this month's charges. */
export async function subAccountMoney(db: Executor, mainId: number, subId: number, now: Date) {
  const sub = await ownedSubAccount(db, mainId, subId);
  const [budget] = await db.select().from(subAccountBudgets).where(eq(subAccountBudgets.subId, subId));
  return {
    subUserId: sub.id,
    balance: sub.balance,
    shareBalance: sub.shareBalance,
    monthlyBudget: budget?.monthlyBudget ?? null,
    chargedThisMonth: await chargedThisMonth(db, subId, now),
  };
}
