import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances, subAccountBudgets, users } from '../db/index.js';
import { notify } from '../accounts/index.js';
import { yuanText, chinaMonth } from '../billing/index.js';
import { maskMobile } from '../lib/index.js';
import { withLockedInstance } from './locked-instance.js';
import { stopInstance } from './lifecycle.js';
import { recordInstanceEvent } from './instance-events.js';
import { Status } from './states.js';

/**
 * Sub-accounts whose charges this month reached their monthly budget: their running instances are
 * stopped and the sub-account and its main account are told. Answers how many instances were stopped.
 */
export async function stopOverBudgetSubAccounts(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const { start } = chinaMonth(now);
  const over = await app.db
    .select({ subId: subAccountBudgets.subId, budget: subAccountBudgets.monthlyBudget, mainId: users.parentId, mobile: users.mobile })
    .from(subAccountBudgets)
    .innerJoin(users, eq(users.id, subAccountBudgets.subId))
    .where(
      sql`${subAccountBudgets.monthlyBudget} <= (select coalesce(sum(b.amount), 0) from bills b where b.user_id = ${subAccountBudgets.subId} and b.created_at >= ${start.toISOString()}::timestamptz)`,
    );
  let stopped = 0;
  for (const sub of over) {
    const running = await app.db
      .select({ id: instances.id })
      .from(instances)
      .where(and(eq(instances.userId, sub.subId), eq(instances.status, Status.running)));
    const names: string[] = [];
    for (const { id } of running) {
      await withLockedInstance(app, id, async (tx, row) => {
        if (row.status !== Status.running) return false;
        await stopInstance(tx, app.compute.driver, row, now);
        await recordInstanceEvent(tx, {
          instanceId: row.id,
          kind: 'stopForBudget',
          actorUserId: null,
          fromStatus: row.status,
          note: `子账号本月消费达到月度预算 ¥${yuanText(sub.budget)}，自动关机`,
          at: now,
        });
        names.push(row.name);
        return true;
      });
    }
    if (names.length === 0) continue;
    stopped += names.length;
    const text = `本月消费已达到月度预算 ¥${yuanText(sub.budget)}，实例「${names.join('」「')}」已自动关机，数据保留。`;
    await notify(app.db, sub.subId, '子账号月度预算已用完，实例已关机', `${text}如需继续使用，请联系主账号调整预算。`, now);
    if (sub.mainId) await notify(app.db, sub.mainId, '子账号月度预算已用完，实例已关机', `子账号 ${maskMobile(sub.mobile)} ${text}`, now);
  }
  return stopped;
}
