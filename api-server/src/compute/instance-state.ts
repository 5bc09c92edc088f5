import { and, eq } from 'drizzle-orm';
import { images, instances, users, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { charge, payerOf } from '../billing/index.js';
import type { ComputeDriver, PendingTransition } from './driver.js';
import { returnGpus } from './gpu-pool.js';
import { recordInstanceEvent } from './instance-events.js';
import { refusalReason, type Operation } from './operations.js';
import { Billing, Status } from './states.js';
import { noteUserChange } from '../accounts/index.js';

export type InstanceRow = typeof instances.$inferSelect;

const dayMs = 86_400_000;

/** Locks the user's instance for this transaction, brings a finished transition up to date, and checks `operation` is allowed. */
export async function lockInstance(
  tx: Executor,
  driver: ComputeDriver,
  o: { userId: number; id: number; operation: Operation; now: Date },
) {
  const [row] = await tx
    .select()
    .from(instances)
    .where(and(eq(instances.id, o.id), eq(instances.userId, o.userId)))
    .for('update');
  if (!row) throw notFound('实例不存在');
  const instance = await completeTransition(tx, driver, row, o.now);
  const reason = refusalReason(o.operation, instance);
  if (reason) throw conflict(reason);
  return instance;
}

/** Applies the instance's pending transition if the driver reports it done. The row must be locked. */
export async function completeTransition(tx: Executor, driver: ComputeDriver, row: InstanceRow, now: Date): Promise<InstanceRow> {
  if (row.nextStatus === null || !row.transitionAt) return row;
  const actual = await driver.status(row, now);
  if (actual === Status.failed && row.nextStatus !== Status.failed) return failTransition(tx, driver, row, now);
  if (actual !== row.nextStatus) return row;
  const at = row.transitionAt <= now ? row.transitionAt : now;
  const [updated] = await tx
    .update(instances)
    .set({
      status: actual,
      nextStatus: null,
      transitionAt: null,
      ...(actual === Status.running && row.billingType === Billing.payAsYouGo ? { meteredUntil: at } : {}),
      // The driver grows a waiting data disk expansion before it starts the instance.
      ...(actual === Status.running ? { dataDiskGrowsAtStart: false } : {}),
      ...(actual === Status.stopped && row.status === Status.stopping ? { stoppedAt: at } : {}),
      ...(actual === Status.released ? { releasedAt: at } : {}),
    })
    .where(eq(instances.id, row.id))
    .returning();
  await recordInstanceEvent(tx, { instanceId: row.id, kind: 'transition', actorUserId: null, fromStatus: row.status, at });
  if (row.status === Status.committing) {
    await tx
      .update(images)
      .set({ status: 1 })
      .where(and(eq(images.sourceInstanceId, row.id), eq(images.status, 0)));
  }
  return updated!;
}

/**
 * The driver gave up on the instance's operation: a create ends 创建失败 and a start ends stopped, both
 * giving their GPUs back with the reason in `stopReason`; any other operation completes as asked (the
 * driver logged what failed) and a failed image save drops its image.
 */
async function failTransition(tx: Executor, driver: ComputeDriver, row: InstanceRow, now: Date): Promise<InstanceRow> {
  const reason = driver.failureReason?.(row) ?? '操作失败';
  const poweringOn = row.status === Status.creating || row.status === Status.starting;
  const freesGpus = row.status === Status.creating || (row.status === Status.starting && row.billingType === Billing.payAsYouGo);
  if (freesGpus) await returnGpus(tx, row.nodeId, row.gpuHeld);
  const status = row.status === Status.creating ? Status.failed : poweringOn ? Status.stopped : row.nextStatus!;
  const [updated] = await tx
    .update(instances)
    .set({
      status,
      nextStatus: null,
      transitionAt: null,
      ...(freesGpus ? { gpuHeld: 0, gpuIndices: [] } : {}),
      ...(poweringOn ? { stopReason: reason, stoppedAt: now, meteredUntil: null } : {}),
      ...(status === Status.released ? { releasedAt: now } : {}),
    })
    .where(eq(instances.id, row.id))
    .returning();
  await recordInstanceEvent(tx, {
    instanceId: row.id,
    kind: 'transition',
    actorUserId: null,
    fromStatus: row.status,
    note: reason,
    at: now,
  });
  if (row.status === Status.committing) {
    await tx
      .update(images)
      .set({ deletedAt: now })
      .where(and(eq(images.sourceInstanceId, row.id), eq(images.status, 0)));
  }
  return updated!;
}

/** Records a driver operation the instance is now going through. */
export async function beginTransition(tx: Executor, id: number, t: PendingTransition, extra: Partial<typeof instances.$inferInsert> = {}) {
  const [updated] = await tx
    .update(instances)
    .set({ status: t.status, nextStatus: t.nextStatus, transitionAt: t.expectedAt, ...extra })
    .where(eq(instances.id, id))
    .returning();
  noteUserChange(updated!.userId, 'instances', { instanceId: id });
  return updated!;
}

/**
 * Charges a running pay-as-you-go instance for its whole seconds since the last settlement. When
 * the balance cannot cover it, takes what is left and answers false (the caller stops the instance).
 */
export async function settleInstance(tx: Executor, instance: InstanceRow, now: Date): Promise<boolean> {
  if (instance.status !== Status.running || instance.billingType !== Billing.payAsYouGo || !instance.meteredUntil) return true;
  const seconds = Math.floor((now.getTime() - instance.meteredUntil.getTime()) / 1000);
  if (seconds <= 0) return true;
  const total = seconds * instance.dayRate + instance.meterCarry;
  const due = Math.floor(total / 86_400);
  const periodEnd = new Date(instance.meteredUntil.getTime() + seconds * 1000);
  const [account] = await tx
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, await payerOf(tx, instance.userId)))
    .for('update');
  const paid = Math.min(due, account?.balance ?? 0);
  await charge(tx, {
    userId: instance.userId,
    amount: paid,
    kind: 'usage',
    note: paid < due ? `实例「${instance.name}」按量计费（余额不足，已扣至0）` : `实例「${instance.name}」按量计费`,
    now,
    instanceId: instance.id,
    seconds,
    dayRate: instance.dayRate,
    periodStart: instance.meteredUntil,
    periodEnd,
  });
  await tx
    .update(instances)
    .set({ meteredUntil: periodEnd, meterCarry: total % 86_400 })
    .where(eq(instances.id, instance.id));
  instance.meteredUntil = periodEnd;
  instance.meterCarry = total % 86_400;
  return paid === due;
}

/** When a stopped pay-as-you-go instance will be released. */
export function releaseAt(instance: Pick<InstanceRow, 'status' | 'billingType' | 'stoppedAt'>, releaseAfterDays: number): Date | null {
  if (instance.status !== Status.stopped || instance.billingType !== Billing.payAsYouGo || !instance.stoppedAt) return null;
  return new Date(instance.stoppedAt.getTime() + releaseAfterDays * dayMs);
}
