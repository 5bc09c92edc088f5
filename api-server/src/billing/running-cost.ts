import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RunningCost } from '@rc/api-contract/user/bills';
import { instances, users, type Executor } from '../db/index.js';
import { payerBalance, payerOf } from './charges.js';

const running = 2;
const payAsYouGo = 1;

/**
 * What the payer's running pay-as-you-go instances cost per hour (their day rates ÷ 24, the rate
 * metering charges), and how long the payer's balance lasts at that rate. For a main account this
 * counts its own instances and those of sub-accounts sharing its balance; a sharing sub-account sees the same.
 */
export async function runningCost(db: Executor, userId: number): Promise<RunningCost> {
  const payerId = await payerOf(db, userId);
  const sharing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, payerId), eq(users.shareBalance, true)));
  const userIds = [payerId, ...sharing.map((u) => u.id)];
  const rows = await db
    .select({ id: instances.id, name: instances.name, userId: instances.userId, dayRate: instances.dayRate })
    .from(instances)
    .where(and(inArray(instances.userId, userIds), eq(instances.status, running), eq(instances.billingType, payAsYouGo)))
    .orderBy(sql`${instances.dayRate} desc, ${instances.id}`);
  const balance = await payerBalance(db, userId);
  const dayRate = rows.reduce((sum, row) => sum + row.dayRate, 0);
  const hourAmount = Math.round(dayRate / 24);
  return {
    hourAmount,
    balance,
    hoursLeft: dayRate > 0 ? Math.floor((balance * 24 * 10) / dayRate) / 10 : null,
    sharedBalance: payerId !== userId,
    // A sub-account sees only its own instances by name; the main account's are counted in the rate.
    instances: rows
      .filter((row) => payerId === userId || row.userId === userId)
      .map((row) => ({ id: row.id, name: row.name, hourAmount: Math.round(row.dayRate / 24) })),
  };
}
