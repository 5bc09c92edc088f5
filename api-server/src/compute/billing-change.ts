import { eq } from 'drizzle-orm';
import type { ChangeBillingBody } from '@rc/api-contract/user/instance';
import { instances, type Executor } from '../db/index.js';
import { placeOrder, refundToVouchers, type QuoteKey } from '../billing/index.js';
import { returnGpus, takeGpus } from './gpu-pool.js';
import { settleInstance, type InstanceRow } from './instance-state.js';
import { noFreeGpus } from './lifecycle.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { buyPackagePeriods } from './package-periods.js';
import { dayRateOf } from './prices.js';
import { Billing, OrderType, isPackage, Status } from './states.js';

/** Converts pay-as-you-go to a package (bought at the quoted price) or a package back to pay-as-you-go (the rest refunded). */
export async function changeBilling(tx: Executor, quotes: QuoteKey, instance: InstanceRow, body: ChangeBillingBody, now: Date) {
  const { id, billingType, duration = 1, quoteToken } = body;
  const { priced, prices } = await confirmedOperationPrice(tx, quotes, {
    token: quoteToken,
    instance,
    request: { operation: 'changeBilling', id, billingType, duration },
    now,
  });
  const { model, site } = prices;
  if (isPackage(billingType)) {
    const gpuIndices =
      instance.status === Status.stopped
        ? await takeGpus(tx, instance.nodeId, instance.gpuCount, noFreeGpus(instance.gpuCount, site))
        : instance.gpuIndices;
    await settleInstance(tx, instance, now);
    const expiresAt = await buyPackagePeriods(
      tx,
      instance,
      { billingType, duration, from: now, reason: 'changeBilling', voucher: priced.voucher },
      { model, site },
      now,
    );
    await tx
      .update(instances)
      .set({
        billingType,
        packageExpiresAt: expiresAt,
        gpuHeld: instance.gpuCount,
        gpuIndices,
        meteredUntil: null,
        dayRate: 0,
        stoppedAt: null,
        releaseWarnedAt: null,
      })
      .where(eq(instances.id, instance.id));
    return;
  }
  // Package → pay-as-you-go: the unused time is refunded at the package's own daily price, as quoted; the part vouchers
  // paid goes back to them while they are valid, and the rest to the balance.
  const running = instance.status === Status.running;
  if (!running) await returnGpus(tx, instance.nodeId, instance.gpuHeld);
  const note = `实例「${instance.name}」转为按量计费，退还剩余时长`;
  const cash = await refundToVouchers(tx, { instanceId: instance.id, refund: -priced.amount, note: `${note}（退回代金券）`, now });
  await placeOrder(
    tx,
    {
      userId: instance.userId,
      instanceId: instance.id,
      orderType: OrderType.changeBilling,
      billingType,
      amount: -cash,
      detail: { refund: -priced.amount, refundToBalance: cash, items: priced.items },
      now,
    },
    { kind: 'refund', note },
  );
  await tx
    .update(instances)
    .set({
      billingType: Billing.payAsYouGo,
      packageExpiresAt: null,
      gpuHeld: running ? instance.gpuHeld : 0,
      gpuIndices: running ? instance.gpuIndices : [],
      meteredUntil: running ? now : null,
      meterCarry: 0,
      dayRate: dayRateOf({ gpuHeld: instance.gpuCount, noGpu: false, dataDiskExtraGb: instance.dataDiskExtraGb }, model, site),
      stoppedAt: running ? null : now,
    })
    .where(eq(instances.id, instance.id));
}
