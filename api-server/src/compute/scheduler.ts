import { and, asc, eq, isNull, lte, ne, notInArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances, users, type Transaction } from '../db/index.js';
import { notify, withUserChanges } from '../accounts/index.js';
import type { InstanceRow } from './instance-state.js';
import { withLockedInstance } from './locked-instance.js';
import { recordInstanceEvent, type SystemEvent } from './instance-events.js';
import { releaseHeldGpus, releaseInstance, stopInstance } from './lifecycle.js';
import { returnGpus } from './gpu-pool.js';
import { settleInstance } from './instance-state.js';
import { meterBatch } from './metering.js';
import { alertBelowThresholds, warnLowBalances } from './balance-alerts.js';
import { stopOverBudgetSubAccounts } from './budget-stops.js';
import { startQueuedInstances } from './gpu-queue.js';
import { Billing, Status, billingNames, type Billing as BillingCode } from './states.js';

const dayMs = 86_400_000;
const rowsPerStep = 500;

export interface PassReport {
  transitions: number;
  metered: number;
  stoppedForBalance: number;
  scheduledStops: number;
  lowBalanceWarnings: number;
  packagesExpired: number;
  releaseWarnings: number;
  released: number;
  /** Running instances whose container had stopped on its own. */
  exited: number;
  /** Queued instances that got their GPUs and began to start. */
  queueStarted: number;
  thresholdAlerts: number;
  stoppedForBudget: number;
}

const formatDate = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

const steady = (row: InstanceRow) => row.nextStatus === null;

const systemEvent = (tx: Transaction, row: InstanceRow, kind: SystemEvent, note: string, at: Date) =>
  recordInstanceEvent(tx, { instanceId: row.id, kind, actorUserId: null, fromStatus: row.status, note, at });

/** Completes driver operations that are due (creating → running, stopping → stopped, …). */
export async function advanceTransitions(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: instances.id })
    .from(instances)
    .where(lte(instances.transitionAt, now))
    .orderBy(asc(instances.transitionAt))
    .limit(rowsPerStep);
  let done = 0;
  for (const { id } of due) if (await withLockedInstance(app, id, async (_tx, row) => steady(row))) done += 1;
  return done;
}

/** Settles every running pay-as-you-go instance; a user who cannot pay is charged to zero and stopped. */
export async function meterRunningInstances(app: FastifyInstance) {
  const now = app.clock.now();
  const unpaid = new Set<number>();
  let metered = 0;
  for (;;) {
    const batch = await meterBatch(app.db, now, app.compute.settings.meteringBatchSize, [...unpaid]);
    metered += batch.settled;
    batch.unpaidPayerIds.forEach((id) => unpaid.add(id));
    if (batch.due < app.compute.settings.meteringBatchSize) break;
  }
  let stopped = 0;
  for (const payerId of unpaid) stopped += await stopForBalance(app, payerId);
  return { metered, stopped };
}

/** Stops the running pay-as-you-go instances the account pays for (its own and its sharing sub-accounts'), telling each owner. */
async function stopForBalance(app: FastifyInstance, payerId: number) {
  const running = await app.db
    .select({ id: instances.id })
    .from(instances)
    .innerJoin(users, eq(users.id, instances.userId))
    .where(
      and(
        or(eq(instances.userId, payerId), and(eq(users.parentId, payerId), eq(users.shareBalance, true))),
        eq(instances.status, Status.running),
        eq(instances.billingType, Billing.payAsYouGo),
      ),
    );
  const stoppedByOwner = new Map<number, string[]>();
  for (const { id } of running) {
    await withLockedInstance(app, id, async (tx, row) => {
      if (row.status !== Status.running || row.billingType !== Billing.payAsYouGo) return false;
      await stopInstance(tx, app.compute.driver, row, app.clock.now());
      await systemEvent(tx, row, 'stopForBalance', '账户余额已用完，按量计费实例自动关机', app.clock.now());
      stoppedByOwner.set(row.userId, [...(stoppedByOwner.get(row.userId) ?? []), row.name]);
      return true;
    });
  }
  for (const [owner, names] of stoppedByOwner) {
    await notify(
      app.db,
      owner,
      '余额不足，实例已关机',
      `账户余额已用完，按量计费实例「${names.join('」「')}」已自动关机，数据保留在实例中。充值后即可重新开机。`,
      app.clock.now(),
    );
  }
  return [...stoppedByOwner.values()].reduce((sum, names) => sum + names.length, 0);
}

/** Stops running instances whose user scheduled a stop for now (定时关机). */
export async function stopScheduled(app: FastifyInstance) {
  const now = app.clock.now();
  const due = await app.db.select({ id: instances.id }).from(instances).where(lte(instances.stopAt, now)).limit(rowsPerStep);
  let stopped = 0;
  for (const { id } of due) {
    const done = await withLockedInstance(app, id, async (tx, row) => {
      if (row.status !== Status.running) {
        await tx.update(instances).set({ stopAt: null }).where(eq(instances.id, row.id));
        return false;
      }
      await stopInstance(tx, app.compute.driver, row, now);
      await systemEvent(tx, row, 'scheduledStop', `按设置的时间 ${formatDate(row.stopAt!)} 关机`, now);
      await notify(
        tx,
        row.userId,
        '实例已定时关机',
        `实例「${row.name}」已按你设置的时间 ${formatDate(row.stopAt!)} 自动关机，关机后不再计算计费，数据保留。`,
        now,
      );
      return true;
    });
    if (done) stopped += 1;
  }
  return stopped;
}

/**
 * Running instances whose container stopped on its own (it exited, was killed for memory, is gone) become
 * stopped: the meter is settled, a pay-as-you-go instance gives its GPUs back, and the owner is told why.
 */
export async function stopExitedInstances(app: FastifyInstance) {
  const running = await app.db
    .select()
    .from(instances)
    .where(and(eq(instances.status, Status.running), isNull(instances.nextStatus)))
    .limit(rowsPerStep);
  const exited = await app.compute.driver.observe(running);
  let stopped = 0;
  for (const [id, reason] of exited) {
    const done = await withLockedInstance(app, id, async (tx, row) => {
      if (row.status !== Status.running || !steady(row)) return false;
      const now = app.clock.now();
      await settleInstance(tx, row, now);
      const keepsGpus = row.billingType !== Billing.payAsYouGo;
      if (!keepsGpus) await returnGpus(tx, row.nodeId, row.gpuHeld);
      await tx
        .update(instances)
        .set({
          status: Status.stopped,
          gpuHeld: keepsGpus ? row.gpuHeld : 0,
          gpuIndices: keepsGpus ? row.gpuIndices : [],
          noGpu: false,
          meteredUntil: null,
          stopAt: null,
          stoppedAt: now,
          stopReason: reason,
        })
        .where(eq(instances.id, row.id));
      await systemEvent(tx, row, 'exited', reason, now);
      await notify(tx, row.userId, '实例已停止运行', `实例「${row.name}」已停止运行：${reason}。数据保留在实例中，可重新开机。`, now);
      return true;
    });
    if (done) stopped += 1;
  }
  return stopped;
}

/** Packages end at their expiry: the instance stops, gives back its GPUs and becomes pay-as-you-go. */
export async function expirePackages(app: FastifyInstance) {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        ne(instances.billingType, Billing.payAsYouGo),
        lte(instances.packageExpiresAt, now),
        notInArray(instances.status, [Status.releasing, Status.released]),
      ),
    )
    .limit(rowsPerStep);
  let expired = 0;
  for (const { id } of due) {
    const done = await withLockedInstance(app, id, async (tx, row) => {
      if (!steady(row) || row.billingType === Billing.payAsYouGo) return false;
      const packageName = billingNames[row.billingType as BillingCode];
      const payAsYouGo = { ...row, billingType: Billing.payAsYouGo as number, packageExpiresAt: null };
      await tx.update(instances).set({ billingType: Billing.payAsYouGo, packageExpiresAt: null }).where(eq(instances.id, row.id));
      if (row.status === Status.running) {
        await stopInstance(tx, app.compute.driver, payAsYouGo, now);
      } else {
        await releaseHeldGpus(tx, payAsYouGo, now);
      }
      await systemEvent(tx, row, 'packageExpired', `${packageName}到期，转为按量计费并释放GPU`, now);
      const releaseDate = new Date(now.getTime() + app.compute.settings.releaseAfterStoppedDays * dayMs);
      await notify(
        tx,
        row.userId,
        '包周期已到期，实例已关机',
        `实例「${row.name}」的${packageName}已于 ${formatDate(row.packageExpiresAt!)} 到期，实例已关机并转为按量计费，GPU已释放。请在 ${formatDate(releaseDate)} 前开机或续费，否则实例将被释放、数据清除。`,
        now,
      );
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** Stopped pay-as-you-go instances: a warning `releaseWarningDays` before release, then release. */
export async function releaseLongStopped(app: FastifyInstance) {
  const now = app.clock.now();
  const { releaseAfterStoppedDays, releaseWarningDays } = app.compute.settings;
  const stoppedFor = (days: number) =>
    and(
      eq(instances.status, Status.stopped),
      eq(instances.billingType, Billing.payAsYouGo),
      lte(instances.stoppedAt, new Date(now.getTime() - days * dayMs)),
    );

  const toWarn = await app.db
    .select({ id: instances.id })
    .from(instances)
    .where(and(stoppedFor(releaseAfterStoppedDays - releaseWarningDays), isNull(instances.releaseWarnedAt)))
    .limit(rowsPerStep);
  let warned = 0;
  for (const { id } of toWarn) {
    const done = await withLockedInstance(app, id, async (tx, row) => {
      if (row.status !== Status.stopped || row.releaseWarnedAt || !row.stoppedAt) return false;
      const releaseDate = new Date(row.stoppedAt.getTime() + releaseAfterStoppedDays * dayMs);
      await tx.update(instances).set({ releaseWarnedAt: now }).where(eq(instances.id, row.id));
      await notify(
        tx,
        row.userId,
        '实例即将释放',
        `实例「${row.name}」已关机超过 ${releaseAfterStoppedDays - releaseWarningDays} 天，将于 ${formatDate(releaseDate)} 自动释放，实例内数据将被清除。如需保留，请在此之前开机或保存镜像。`,
        now,
      );
      return true;
    });
    if (done) warned += 1;
  }

  const toRelease = await app.db.select({ id: instances.id }).from(instances).where(stoppedFor(releaseAfterStoppedDays)).limit(rowsPerStep);
  let released = 0;
  for (const { id } of toRelease) {
    const done = await withLockedInstance(app, id, async (tx, row) => {
      if (row.status !== Status.stopped || row.billingType !== Billing.payAsYouGo) return false;
      await releaseInstance(tx, app.compute.driver, row, now);
      await systemEvent(tx, row, 'autoRelease', `关机满 ${releaseAfterStoppedDays} 天自动释放`, now);
      await notify(tx, row.userId, '实例已释放', `实例「${row.name}」已关机满 ${releaseAfterStoppedDays} 天，已自动释放。`, now);
      return true;
    });
    if (done) released += 1;
  }
  return { warned, released };
}

/** One pass of compute's time-based work (billing and storage run their own passes, periodic-jobs.ts); `startScheduler` runs it on a timer. */
export async function runComputePass(app: FastifyInstance): Promise<PassReport> {
  const transitions = await advanceTransitions(app);
  const { metered, stopped } = await meterRunningInstances(app);
  const lowBalanceWarnings = await warnLowBalances(app.db, app.clock.now());
  const thresholdAlerts = await alertBelowThresholds(app);
  const stoppedForBudget = await stopOverBudgetSubAccounts(app);
  const scheduledStops = await stopScheduled(app);
  const packagesExpired = await expirePackages(app);
  const { warned, released } = await releaseLongStopped(app);
  const exited = await stopExitedInstances(app);
  const queueStarted = await startQueuedInstances(app);
  return {
    transitions: transitions + (await advanceTransitions(app)),
    metered,
    stoppedForBalance: stopped,
    scheduledStops,
    lowBalanceWarnings,
    packagesExpired,
    releaseWarnings: warned,
    released,
    exited,
    queueStarted,
    thresholdAlerts,
    stoppedForBudget,
  };
}

/** Advances transitions, scheduled stops and the GPU queue every second and runs the whole pass at the metering interval. Returns a stop function. */
export function startScheduler(app: FastifyInstance): () => Promise<void> {
  let running: Promise<void> | null = null;
  let lastFull = 0;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        // What a tick changes about users (balances, instance states, messages) is heard when it ends.
        await withUserChanges(app.userChanges.hear, async () => {
          const now = Date.now();
          if (now - lastFull >= app.compute.settings.meteringIntervalMs) {
            lastFull = now;
            const report = await runComputePass(app);
            app.log.debug({ report }, 'compute pass');
          } else {
            await advanceTransitions(app);
            await stopScheduled(app);
            await stopExitedInstances(app);
            await startQueuedInstances(app);
          }
        });
        app.scheduling.tickCompleted();
      } catch (error) {
        app.log.error({ err: error }, 'compute pass failed');
      } finally {
        running = null;
      }
    })();
  };
  app.scheduling.schedulerStarted();
  const timer = setInterval(tick, app.compute.settings.transitionIntervalMs);
  tick();
  return async () => {
    clearInterval(timer);
    await running;
    app.scheduling.schedulerStopped();
  };
}
