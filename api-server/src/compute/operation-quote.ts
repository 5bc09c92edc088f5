import type { InstanceQuoteBody } from '@rc/api-contract/user/quote';
import { type Database } from '../db/index.js';
import { issueQuote, type QuoteKey } from '../billing/index.js';
import type { ComputeDriver } from './driver.js';
import { lockInstance } from './instance-state.js';
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
    return issueQuote(tx, quotes, { userId, operation, params: operationParams(body), priced, now });
  });
  return { operation, ...quoted };
}
