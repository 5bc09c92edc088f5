import { eq } from 'drizzle-orm';
import { gpuModels, instances, type Executor } from '../db/index.js';
import { formatYuan, payerBalance } from '../billing/index.js';
import { conflict } from '../errors.js';
import type { ComputeDriver } from './driver.js';
import { returnGpus, takeGpus } from './gpu-pool.js';
import { beginTransition, settleInstance, type InstanceRow } from './instance-state.js';
import { mountsOf } from './instance-mounts.js';
import { dayRateOf, loadSitePrices, type SitePrices } from './prices.js';
import { Billing, Status } from './states.js';
import { mountRegionNetDisk } from './net-disk-mounts.js';

export async function modelOf(tx: Executor, gpuModelId: number) {
  const [model] = await tx.select().from(gpuModels).where(eq(gpuModels.id, gpuModelId));
  if (!model) throw conflict('GPU型号不存在');
  return model;
}

export const noFreeGpus = (needed: number, site: SitePrices) => (free: number) =>
  `该主机空闲GPU不足：当前空闲 ${free} 张，需要 ${needed} 张。可使用「无卡模式开机」（¥${formatYuan(site.noGpuHourPrice)}/小时，不占用GPU，可上传下载数据），或稍后再试`;

/** A start that cannot get its GPUs says so before anything changes, offering both ways on. */
const noFreeGpusToStart = (needed: number, site: SitePrices) => (free: number) =>
  `该主机空闲GPU不足：当前空闲 ${free} 张，需要 ${needed} 张。可使用「无卡模式开机」（¥${formatYuan(site.noGpuHourPrice)}/小时，不占用GPU，可上传下载数据），或「排队等待GPU」（有空闲GPU时自动开机，并发消息通知）`;

async function requireCredit(tx: Executor, userId: number) {
  if ((await payerBalance(tx, userId)) <= 0) throw conflict('账户余额不足，请先充值');
}

/**
 * Powers on a stopped instance: a pay-as-you-go one takes its GPUs back (or none in no-GPU mode),
 * a package keeps the GPUs it holds.
 */
export async function startInstance(tx: Executor, driver: ComputeDriver, instance: InstanceRow, now: Date, o: { noGpu: boolean }) {
  const site = await loadSitePrices(tx);
  const model = await modelOf(tx, instance.gpuModelId);
  let gpuHeld = instance.gpuHeld;
  let gpuIndices = instance.gpuIndices;
  if (instance.billingType === Billing.payAsYouGo) {
    gpuHeld = o.noGpu ? 0 : instance.gpuCount;
    gpuIndices = await takeGpus(tx, instance.nodeId, gpuHeld, noFreeGpusToStart(instance.gpuCount, site));
    await requireCredit(tx, instance.userId);
  }
  await mountRegionNetDisk(tx, instance);
  const transition = await driver.start({ ...instance, gpuHeld, gpuIndices }, now, await mountsOf(tx, instance.id));
  return beginTransition(tx, instance.id, transition, {
    gpuHeld,
    gpuIndices,
    noGpu: o.noGpu,
    dayRate: dayRateOf({ gpuHeld, noGpu: o.noGpu, dataDiskExtraGb: instance.dataDiskExtraGb }, model, site),
    stoppedAt: null,
    releaseWarnedAt: null,
    stopReason: null,
    gpuWaitSince: null,
  });
}

/** Powers off: settles the meter, and a pay-as-you-go instance gives its GPUs back to the pool. */
export async function stopInstance(tx: Executor, driver: ComputeDriver, instance: InstanceRow, now: Date) {
  const keepsGpus = instance.billingType !== Billing.payAsYouGo;
  if (!keepsGpus) await returnGpus(tx, instance.nodeId, instance.gpuHeld);
  await settleInstance(tx, instance, now);
  const transition = await driver.stop(instance, now);
  return beginTransition(tx, instance.id, transition, {
    gpuHeld: keepsGpus ? instance.gpuHeld : 0,
    gpuIndices: keepsGpus ? instance.gpuIndices : [],
    noGpu: false,
    meteredUntil: null,
    stopAt: null,
  });
}

/** Destroys the container and frees whatever it holds. */
export async function releaseInstance(tx: Executor, driver: ComputeDriver, instance: InstanceRow, now: Date) {
  await returnGpus(tx, instance.nodeId, instance.gpuHeld);
  if (instance.status === Status.running) await settleInstance(tx, instance, now);
  const transition = await driver.destroy(instance, now);
  return beginTransition(tx, instance.id, transition, {
    gpuHeld: 0,
    gpuIndices: [],
    meteredUntil: null,
    packageExpiresAt: null,
    stopAt: null,
    gpuWaitSince: null,
  });
}

/** A stopped package instance becoming pay-as-you-go gives back the GPUs it kept. */
export async function releaseHeldGpus(tx: Executor, instance: InstanceRow, now: Date) {
  await returnGpus(tx, instance.nodeId, instance.gpuHeld);
  await tx
    .update(instances)
    .set({ gpuHeld: 0, gpuIndices: [], stoppedAt: now, releaseWarnedAt: null })
    .where(eq(instances.id, instance.id));
}
