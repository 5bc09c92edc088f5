import { eq } from 'drizzle-orm';
import { balanceThresholds, users, type Executor } from '../db/index.js';

export async function balanceThresholdOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ threshold: balanceThresholds.threshold, balance: users.balance })
    .from(users)
    .leftJoin(balanceThresholds, eq(balanceThresholds.userId, users.id))
    .where(eq(users.id, userId));
  return { threshold: row?.threshold ?? null, balance: row?.balance ?? 0 };
}

/** Sets (or with null removes) the user's low-balance threshold; a new threshold is armed afresh. */
export async function setBalanceThreshold(db: Executor, userId: number, threshold: number | null) {
  if (threshold === null) {
    await db.delete(balanceThresholds).where(eq(balanceThresholds.userId, userId));
    return;
  }
  await db
    .insert(balanceThresholds)
    .values({ userId, threshold })
    .onConflictDoUpdate({ target: balanceThresholds.userId, set: { threshold, alertedAt: null } });
}
