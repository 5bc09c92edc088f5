import { inArray } from 'drizzle-orm';
import { sysConfig, type Executor } from '../db/index.js';
import { isPackage, packageDays } from './states.js';

/** Site-wide prices from sys_config (thousandths of a yuan). */
export interface SitePrices {
  noGpuHourPrice: number;
  dataDiskDayPricePerGb: number;
  freeDataDiskGb: number;
}

const sitePriceKeys = ['dataDiskPrice', 'sysConfigPrice'];

function sitePricesOf(rows: Array<{ key: string; value: unknown }>): SitePrices {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const general = (byKey.get('sysConfigPrice') ?? {}) as { noGpuHourPrice?: number; freeDataDiskGb?: number };
  return {
    noGpuHourPrice: general.noGpuHourPrice ?? 100,
    freeDataDiskGb: general.freeDataDiskGb ?? 50,
    dataDiskDayPricePerGb: Number(byKey.get('dataDiskPrice') ?? 7),
  };
}

export async function loadSitePrices(db: Executor): Promise<SitePrices> {
  return sitePricesOf(await db.select().from(sysConfig).where(inArray(sysConfig.key, sitePriceKeys)));
}

/** How long the instance list goes on showing site prices it read: they change only when an operator edits sys_config. */
export const listedPricesTtlMs = 5_000;
const listedPrices = new WeakMap<Executor, { readAt: number; prices: Promise<SitePrices> }>();

/**
 * The site prices the instance list shows (the free data disk), read at most once per `listedPricesTtlMs`: reading them
 * on every call cost that call a fifth of its CPU on PostgreSQL. Prices charged are always read afresh (`loadSitePrices`).
 */
export function listedSitePrices(db: Executor, now = performance.now()): Promise<SitePrices> {
  const kept = listedPrices.get(db);
  if (kept && now - kept.readAt < listedPricesTtlMs) return kept.prices;
  const read = { readAt: now, prices: loadSitePrices(db) };
  listedPrices.set(db, read);
  read.prices.catch(() => listedPrices.get(db) === read && listedPrices.delete(db));
  return read.prices;
}

export interface ModelPrices {
  hourPrice: number;
  dayPrice: number;
  weekPrice: number;
  monthPrice: number;
}

/** What a running pay-as-you-go instance costs per day: its GPUs (or the no-GPU price) and its extra data disk. */
export function dayRateOf(o: { gpuHeld: number; noGpu: boolean; dataDiskExtraGb: number }, model: ModelPrices, site: SitePrices): number {
  const compute = o.noGpu ? site.noGpuHourPrice : o.gpuHeld * model.hourPrice;
  return 24 * compute + o.dataDiskExtraGb * site.dataDiskDayPricePerGb;
}

export function packagePrice(model: ModelPrices, billing: 2 | 3 | 4): number {
  return billing === 2 ? model.dayPrice : billing === 3 ? model.weekPrice : model.monthPrice;
}

export interface PriceQuote {
  billingType: number;
  /** Pay-as-you-go: cost per hour while running (GPUs plus the extra data disk's share). */
  hourAmount: number;
  gpuAmount: number;
  diskAmount: number;
  /** The same time at the hourly price, and what the package saves against it. */
  originalAmount: number;
  discountAmount: number;
  /** Paid now: the package total, or 0 for pay-as-you-go. */
  amount: number;
  days: number;
}

/** GPU count × unit price × duration, plus the data-disk expansion, with the package discount shown. */
export function quote(
  o: { gpuCount: number; billingType: number; duration: number; dataDiskExtraGb: number },
  model: ModelPrices,
  site: SitePrices,
): PriceQuote {
  const diskDay = o.dataDiskExtraGb * site.dataDiskDayPricePerGb;
  const hourAmount = o.gpuCount * model.hourPrice + Math.ceil(diskDay / 24);
  if (!isPackage(o.billingType)) {
    return {
      billingType: o.billingType,
      hourAmount,
      gpuAmount: 0,
      diskAmount: 0,
      originalAmount: 0,
      discountAmount: 0,
      amount: 0,
      days: 0,
    };
  }
  const days = packageDays[o.billingType] * o.duration;
  const gpuAmount = o.gpuCount * packagePrice(model, o.billingType) * o.duration;
  const diskAmount = diskDay * days;
  const originalAmount = o.gpuCount * model.hourPrice * 24 * days + diskAmount;
  const amount = gpuAmount + diskAmount;
  return {
    billingType: o.billingType,
    hourAmount,
    gpuAmount,
    diskAmount,
    originalAmount,
    discountAmount: Math.max(0, originalAmount - amount),
    amount,
    days,
  };
}
