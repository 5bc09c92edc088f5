import { eq } from 'drizzle-orm';
import type { RenewBody } from '@rc/api-contract/user/instance';
import { instances, type Executor } from '../db/index.js';
import { type QuoteKey } from '../billing/index.js';
import type { InstanceRow } from './instance-state.js';
import { confirmedOperationPrice } from './operation-prices.js';
import { buyPackagePeriods } from './package-periods.js';
import type { Billing as BillingCode } from './states.js';

/** Buys `duration` more periods of the instance's package, from its end (or now, when it has ended). */
export async function renewPackage(tx: Executor, quotes: QuoteKey, instance: InstanceRow, body: RenewBody, now: Date) {
  const { id, duration, quoteToken } = body;
  const { priced, prices } = await confirmedOperationPrice(tx, quotes, {
    token: quoteToken,
    instance,
    request: { operation: 'renew', id, duration },
    now,
  });
  const from = instance.packageExpiresAt && instance.packageExpiresAt > now ? instance.packageExpiresAt : now;
  const billingType = instance.billingType as BillingCode;
  const expiresAt = await buyPackagePeriods(
    tx,
    instance,
    { billingType, duration, from, reason: 'renew', voucher: priced.voucher },
    prices,
    now,
  );
  await tx.update(instances).set({ packageExpiresAt: expiresAt }).where(eq(instances.id, instance.id));
}
