import type { Executor } from '../db/index.js';
import { placeOrder, voucherNote, type VoucherPart } from '../billing/index.js';
import type { InstanceRow } from './instance-state.js';
import { quote, type ModelPrices, type SitePrices } from './prices.js';
import { billingNames, OrderType, type Billing } from './states.js';

const dayMs = 86_400_000;

interface PackagePurchase {
  billingType: Billing;
  duration: number;
  /** The first period starts here: now for a new package, the current end for a renewal still running. */
  from: Date;
  reason: 'changeBilling' | 'renew';
  /** The voucher the confirmed quote spent on this purchase. */
  voucher?: VoucherPart;
}

/**
 * Buys `duration` day/week/month periods of an instance's configuration: prices them, records the order and
 * charges it with a bill line for the period. Answers when the package ends.
 */
export async function buyPackagePeriods(
  tx: Executor,
  instance: InstanceRow,
  purchase: PackagePurchase,
  prices: { model: ModelPrices; site: SitePrices },
  now: Date,
): Promise<Date> {
  const { billingType, duration, from, reason, voucher } = purchase;
  const priced = quote(
    { gpuCount: instance.gpuCount, billingType, duration, dataDiskExtraGb: instance.dataDiskExtraGb },
    prices.model,
    prices.site,
  );
  const expiresAt = new Date(from.getTime() + priced.days * dayMs);
  const what = `${billingNames[billingType]} ×${duration}${voucherNote(voucher)}`;
  await placeOrder(
    tx,
    {
      userId: instance.userId,
      instanceId: instance.id,
      orderType: OrderType[reason],
      billingType,
      amount: priced.amount,
      detail: { ...priced, duration },
      now,
    },
    reason === 'renew'
      ? { kind: 'renew', note: `实例「${instance.name}」续费${what}`, periodStart: from, periodEnd: expiresAt, voucher }
      : { kind: 'package', note: `实例「${instance.name}」转为${what}`, periodStart: from, periodEnd: expiresAt, voucher },
  );
  return expiresAt;
}
