import { and, eq } from 'drizzle-orm';
import { notify } from '../accounts/index.js';
import { chargeInParts, formatYuan, payerOf } from '../billing/index.js';
import { hpcClusters, hpcJobs, hpcPackages, hpcPartitions, users, type Executor } from '../db/index.js';
import { defaultHpcPrices } from './partitions.js';
import { usablePackages, usageAmount } from './job-estimate.js';
import { jobStateText, type HpcJob } from './job-views.js';
import type { JobStatus } from './scheduler.js';

/** 1小时2分3秒 */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h > 0 ? `${h}小时` : ''}${h > 0 || m > 0 ? `${m}分` : ''}${s}秒`;
}

/** Takes up to `coreSeconds` from the user's packages usable for the job, earliest expiry first; answers how many it took. */
async function drawFromPackages(tx: Executor, job: HpcJob, coreSeconds: number, at: Date): Promise<number> {
  if (coreSeconds === 0) return 0;
  const usable = usablePackages(job.userId, job.clusterId, at);
  const packages = await tx
    .select()
    .from(hpcPackages)
    .where(usable.where)
    .orderBy(...usable.order)
    .for('update');
  let left = coreSeconds;
  for (const pkg of packages) {
    if (left === 0) break;
    const taken = Math.min(left, pkg.remainingCoreSeconds);
    await tx
      .update(hpcPackages)
      .set({ remainingCoreSeconds: pkg.remainingCoreSeconds - taken })
      .where(eq(hpcPackages.id, pkg.id));
    left -= taken;
  }
  return coreSeconds - left;
}

async function pricesOf(tx: Executor, job: HpcJob) {
  const [partition] = await tx
    .select({ coreHourPrice: hpcPartitions.coreHourPrice, gpuHourPrice: hpcPartitions.gpuHourPrice })
    .from(hpcPartitions)
    .where(and(eq(hpcPartitions.clusterId, job.clusterId), eq(hpcPartitions.name, job.partition)));
  return partition ?? defaultHpcPrices(tx);
}

/**
 * Marks a job ended with the usage the scheduler reported and charges it, in the caller's transaction
 * on the job's locked, still uncharged row: core-seconds from packages first, the rest and the
 * GPU-seconds from the balance at the partition's prices, never more than the balance holds (the
 * shortfall is written in the job's reason). The user gets a message.
 */
export async function endAndChargeJob(tx: Executor, job: HpcJob, status: JobStatus, now: Date): Promise<void> {
  const elapsed = status.elapsedSeconds;
  const coreSeconds = status.allocCpus * elapsed;
  const gpuSeconds = status.allocGpus * elapsed;
  const endedAt = status.endedAt ?? now;
  const packageCoreSeconds = await drawFromPackages(tx, job, coreSeconds, endedAt);
  const billedCoreSeconds = coreSeconds - packageCoreSeconds;
  const prices = await pricesOf(tx, job);
  const due = usageAmount(prices, billedCoreSeconds, gpuSeconds);

  const [payer] = await tx
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, await payerOf(tx, job.userId)))
    .for('update');
  const chargedAmount = Math.min(due, Math.max(0, payer?.balance ?? 0));
  const coreAmount = Math.min(chargedAmount, usageAmount(prices, billedCoreSeconds, 0));
  const [cluster] = await tx.select({ name: hpcClusters.name }).from(hpcClusters).where(eq(hpcClusters.id, job.clusterId));
  const about = `超算（${cluster?.name ?? ''}·${job.partition}） 作业${job.schedulerJobId}「${job.name}」`;
  const gpus = status.allocGpus > 0 ? `+${status.allocGpus}卡` : '';
  // Each part at its partition's hourly price, kept as a day rate so that amount = seconds × day rate ÷ 86400 (rounded up).
  await chargeInParts(tx, { userId: job.userId, product: 'hpc', note: `${about} ${status.allocCpus}核${gpus}×${elapsed}秒`, now }, [
    {
      kind: 'usage',
      amount: coreAmount,
      seconds: billedCoreSeconds,
      dayRate: prices.coreHourPrice * 24,
      note: `${about} ${status.allocCpus}核×${elapsed}秒${packageCoreSeconds > 0 ? `，资源包抵扣 ${packageCoreSeconds} 核秒` : ''}`,
    },
    {
      kind: 'gpu_usage',
      amount: chargedAmount - coreAmount,
      seconds: gpuSeconds,
      dayRate: prices.gpuHourPrice * 24,
      note: `${about} ${status.allocGpus}卡×${elapsed}秒`,
    },
  ]);
  const shortfall = due - chargedAmount;
  const shortfallText = shortfall > 0 ? `余额不足，尚有 ¥${formatYuan(shortfall)} 未能扣除` : '';
  await tx
    .update(hpcJobs)
    .set({
      state: status.state,
      reason: shortfallText || status.reason,
      exitCode: status.exitCode,
      startedAt: status.startedAt,
      endedAt,
      elapsedSeconds: elapsed,
      allocCpus: status.allocCpus,
      allocGpus: status.allocGpus,
      coreSeconds,
      gpuSeconds,
      packageCoreSeconds,
      chargedAmount,
      chargedAt: now,
    })
    .where(eq(hpcJobs.id, job.id));

  const fromPackages = packageCoreSeconds > 0 ? `资源包抵扣 ${packageCoreSeconds} 核秒，` : '';
  await notify(
    tx,
    job.userId,
    `超算作业${jobStateText[status.state] ?? status.state}`,
    `你的作业「${job.name}」（作业号 ${job.schedulerJobId}）${jobStateText[status.state] ?? status.state}，` +
      `运行 ${durationText(elapsed)}，${fromPackages}扣费 ¥${formatYuan(chargedAmount)}。${shortfallText ? `${shortfallText}。` : ''}`,
    now,
  );
}
