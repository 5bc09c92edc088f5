import { and, count, desc, eq } from 'drizzle-orm';
import { bills, type Executor } from '../db/index.js';

/** The user's charge lines (of one instance, when given), newest first. */
export async function instanceChargePage(
  db: Executor,
  userId: number,
  instanceId: number | undefined,
  window: { limit: number; offset: number },
) {
  const where = and(eq(bills.userId, userId), instanceId ? eq(bills.instanceId, instanceId) : undefined);
  const list = await db
    .select({
      id: bills.id,
      instanceId: bills.instanceId,
      orderId: bills.orderId,
      kind: bills.kind,
      amount: bills.amount,
      seconds: bills.seconds,
      dayRate: bills.dayRate,
      periodStart: bills.periodStart,
      periodEnd: bills.periodEnd,
      note: bills.note,
      gmtCreate: bills.createdAt,
    })
    .from(bills)
    .where(where)
    .orderBy(desc(bills.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(bills).where(where);
  return { list, total: total?.n ?? 0 };
}
