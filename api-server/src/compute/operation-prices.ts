import type { QuotedOperation } from '@rc/api-contract/user/quote';
import { confirmedPrice, type PricedOperation, type QuoteKey, type QuoteClaims } from '../billing/index.js';
import type { Executor } from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import type { InstanceRow } from './instance-state.js';
import { modelOf } from './lifecycle.js';
import { loadSitePrices, packagePrice, quote, type ModelPrices, type SitePrices } from './prices.js';
import { Billing, billingNames, isPackage, packageDays, type Billing as BillingCode } from './states.js';

const dayMs = 86_400_000;
const unitNames: Record<BillingCode, string> = { 1: '小时', 2: '天', 3: '周', 4: '月' };

export interface Prices {
  model: ModelPrices;
  site: SitePrices;
}

interface Machine {
  gpuCount: number;
  dataDiskExtraGb: number;
}

/** A package period of this machine, GPUs and extra disk. */
function periodPrice(m: Machine, billingType: Exclude<BillingCode, 1>, prices: Prices) {
  return quote({ ...m, billingType, duration: 1 }, prices.model, prices.site).amount;
}

function payAsYouGo(m: Machine, prices: Prices, amount = 0, items: PricedOperation['items'] = []): PricedOperation {
  const hourAmount = quote({ ...m, billingType: Billing.payAsYouGo, duration: 1 }, prices.model, prices.site).hourAmount;
  return { amount, unitPrice: hourAmount, unitName: unitNames[1], items, periodEnd: null, requiredBalance: Math.max(amount, hourAmount) };
}

/** Buying `duration` periods of a package for this machine, starting at `from`. */
function packagePurchase(m: Machine, billingType: Exclude<BillingCode, 1>, duration: number, from: Date, prices: Prices) {
  const priced = quote({ ...m, billingType, duration }, prices.model, prices.site);
  const what = `${billingNames[billingType]} ×${duration}`;
  const items = [{ name: `GPU ${m.gpuCount} 卡 ${what}`, amount: priced.gpuAmount }];
  if (priced.diskAmount) items.push({ name: `扩容数据盘 ${m.dataDiskExtraGb} GB × ${priced.days} 天`, amount: priced.diskAmount });
  return {
    amount: priced.amount,
    unitPrice: periodPrice(m, billingType, prices),
    unitName: unitNames[billingType],
    items,
    periodEnd: new Date(from.getTime() + priced.days * dayMs),
    requiredBalance: priced.amount,
  };
}

/** A new instance: a package is paid now, pay-as-you-go needs an hour in the balance. */
export function rentPrice(m: Machine & { billingType: number; duration: number }, prices: Prices, at: Date): PricedOperation {
  return isPackage(m.billingType) ? packagePurchase(m, m.billingType, m.duration, at, prices) : payAsYouGo(m, prices);
}

/**
 * The unused time of a package, refunded at the package's own daily price when it becomes pay-as-you-go, rounded down
 * to whole fen: the screens show fen, and a refund in thousandths would make the shown balance after it a fen off the
 * shown balance plus the shown refund.
 */
function packageRefund(instance: InstanceRow, prices: Prices, at: Date) {
  const pkg = instance.billingType as Exclude<BillingCode, 1>;
  const packageDay =
    (packagePrice(prices.model, pkg) * instance.gpuCount) / packageDays[pkg] + instance.dataDiskExtraGb * prices.site.dataDiskDayPricePerGb;
  const remainingMs = Math.max(0, (instance.packageExpiresAt?.getTime() ?? 0) - at.getTime());
  return { refund: Math.floor((remainingMs * packageDay) / dayMs / 10) * 10, remainingMs };
}

function changeBillingPrice(instance: InstanceRow, billingType: number, duration: number, prices: Prices, at: Date): PricedOperation {
  if (billingType === instance.billingType) throw invalid('计费方式未改变');
  if (isPackage(instance.billingType) && isPackage(billingType)) throw conflict('包周期实例请先转为按量计费，再转为其他包周期');
  if (isPackage(billingType)) return packagePurchase(instance, billingType, duration, at, prices);
  const { refund, remainingMs } = packageRefund(instance, prices, at);
  const days = (remainingMs / dayMs).toFixed(2);
  return {
    ...payAsYouGo(instance, prices, -refund, [
      { name: `退还${billingNames[instance.billingType as BillingCode]}剩余 ${days} 天`, amount: -refund },
    ]),
    requiredBalance: 0,
  };
}

function renewPrice(instance: InstanceRow, duration: number, prices: Prices, at: Date): PricedOperation {
  const from = instance.packageExpiresAt && instance.packageExpiresAt > at ? instance.packageExpiresAt : at;
  return packagePurchase(instance, instance.billingType as Exclude<BillingCode, 1>, duration, from, prices);
}

/** Only pay-as-you-go instances change their GPU count: nothing is paid now, the hourly price changes. */
function liftConfigPrice(instance: InstanceRow, gpuCount: number, prices: Prices): PricedOperation {
  if (gpuCount === instance.gpuCount) throw invalid('GPU数量未改变');
  return { ...payAsYouGo({ gpuCount, dataDiskExtraGb: instance.dataDiskExtraGb }, prices), requiredBalance: 0 };
}

/** A package pays the added space up front for its remaining days; pay-as-you-go pays it with running time. */
function storagePrice(instance: InstanceRow, dataDiskExtraGb: number, prices: Prices, at: Date): PricedOperation {
  if (dataDiskExtraGb < instance.dataDiskExtraGb) throw invalid('数据盘只能扩容，不能缩容（缩容会丢失数据）');
  if (dataDiskExtraGb === instance.dataDiskExtraGb) throw invalid('数据盘大小未改变');
  const grown = { gpuCount: instance.gpuCount, dataDiskExtraGb };
  if (!isPackage(instance.billingType)) return { ...payAsYouGo(grown, prices), requiredBalance: 0 };
  const remainingDays = Math.max(0, Math.ceil(((instance.packageExpiresAt?.getTime() ?? 0) - at.getTime()) / dayMs));
  const addedGb = dataDiskExtraGb - instance.dataDiskExtraGb;
  const amount = remainingDays * addedGb * prices.site.dataDiskDayPricePerGb;
  return {
    amount,
    unitPrice: periodPrice(grown, instance.billingType, prices),
    unitName: unitNames[instance.billingType],
    items: [{ name: `扩容 ${addedGb} GB × 剩余 ${remainingDays} 天`, amount }],
    periodEnd: instance.packageExpiresAt,
    requiredBalance: amount,
  };
}

/** A clone is a new pay-as-you-go instance of the same machine. */
function clonePrice(source: InstanceRow, prices: Prices): PricedOperation {
  return payAsYouGo(source, prices);
}

/** A quoted operation on an instance with the parameters it runs with. */
export interface OperationRequest {
  operation: QuotedOperation;
  id: number;
  billingType?: number;
  duration?: number;
  gpuCount?: number;
  dataDiskExtraGb?: number;
}

const required = (value: number | undefined, message: string) => {
  if (value === undefined) throw invalid(message);
  return value;
};

/** The parameters that decide the price, which the quote is signed over. */
export function operationParams(r: OperationRequest): QuoteClaims['params'] {
  switch (r.operation) {
    case 'changeBilling':
      return { id: r.id, billingType: required(r.billingType, '请选择计费方式'), duration: r.duration ?? 1 };
    case 'renew':
      return { id: r.id, duration: required(r.duration, '请选择续费时长') };
    case 'liftConfig':
      return { id: r.id, gpuCount: required(r.gpuCount, '请选择GPU数量') };
    case 'storageAdjust':
      return { id: r.id, dataDiskExtraGb: required(r.dataDiskExtraGb, '请填写扩容容量') };
    case 'clone':
      return { id: r.id };
  }
}

export function priceOperation(r: OperationRequest, instance: InstanceRow, prices: Prices, at: Date): PricedOperation {
  const p = operationParams(r) as Record<string, number>;
  switch (r.operation) {
    case 'changeBilling':
      return changeBillingPrice(instance, p.billingType!, p.duration!, prices, at);
    case 'renew':
      return renewPrice(instance, p.duration!, prices, at);
    case 'liftConfig':
      return liftConfigPrice(instance, p.gpuCount!, prices);
    case 'storageAdjust':
      return storagePrice(instance, p.dataDiskExtraGb!, prices, at);
    case 'clone':
      return clonePrice(instance, prices);
  }
}

export async function pricesOf(tx: Executor, gpuModelId: number): Promise<Prices> {
  return { model: await modelOf(tx, gpuModelId), site: await loadSitePrices(tx) };
}

/** The price of the operation the user confirms with `token`: the quoted one, or a refusal if it went stale. */
export async function confirmedOperationPrice(
  tx: Executor,
  key: QuoteKey,
  o: { token: string; instance: InstanceRow; request: OperationRequest; now: Date },
) {
  const prices = await pricesOf(tx, o.instance.gpuModelId);
  const priced = await confirmedPrice(
    tx,
    key,
    o.token,
    { userId: o.instance.userId, operation: o.request.operation, params: operationParams(o.request), now: o.now },
    (at) => priceOperation(o.request, o.instance, prices, at),
  );
  return { priced, prices };
}
