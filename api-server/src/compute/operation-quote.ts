import type { InstanceQuoteBody } from '@rc/api-contract/user/quote';
import { type Database, type Executor } from '../db/index.js';
import { issueQuote, refundSplit, type PricedOperation, type QuoteKey, type QuoteVouchers } from '../billing/index.js';
import type { ComputeDriver } from './driver.js';
import { lockInstance, type InstanceRow } from './instance-state.js';
import { operationParams, priceOperation, pricesOf } from './operation-prices.js';

/** What an operation on the user's instance will charge or refund, signed as a quote the confirmation must carry. */
export async function quoteOperation(
  { db, driver, quotes }: { db: Database; driver: ComputeDriver; quotes: QuoteKey },
  userId: number,
  body: InstanceQuoteBody,
  now: Date,
) {
  const { operation, id } = body;
  const quoted = await db.transaction(async (tx) => {
    const instance = await lockInstance(tx, driver, { userId, id, operation, now });
    const priced = priceOperation(body, instance, await pricesOf(tx, instance.gpuModelId), now);
    const vouchers = await voucherTerms(tx, body, instance, priced, now);
    return issueQuote(tx, quotes, { userId, operation, params: operationParams(body), priced, now, vouchers });
  });
  return { operation, ...quoted };
}

/**
 * Buying package time (a renewal, a change to a package) may take a 算力 voucher; a refund gives the part vouchers paid
 * back to them. Other operations charge nothing now or are not offered vouchers.
 */
async function voucherTerms(
  tx: Executor,
  body: InstanceQuoteBody,
  instance: InstanceRow,
  priced: PricedOperation,
  now: Date,
): Promise<QuoteVouchers | undefined> {
  if (priced.amount < 0) return { scope: 'compute', choice: 0, refund: await refundSplit(tx, instance.id, -priced.amount, now) };
  if (body.operation === 'renew' || body.operation === 'changeBilling') return { scope: 'compute', choice: body.voucherId };
  return undefined;
}
