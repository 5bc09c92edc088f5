import type { MoneyQuote } from '@rc/api-contract/user/quote';
import type { VoucherScope } from '@rc/api-contract/user/voucher';
import { usedQuotes, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { payerBalance, payerOf } from './charges.js';
import { acceptedQuote, requireQuotedAmount, signQuote, type QuoteClaims } from './quote-token.js';
import { chosenVoucher, spendVoucher, usableVouchers, type VoucherPart } from './vouchers/voucher-use.js';

/** What an operation costs: the amount it charges (negative refunds), the price per unit afterwards, and why. */
export interface PricedOperation {
  amount: number;
  unitPrice: number;
  unitName: string;
  items: Array<{ name: string; amount: number }>;
  /** A package's end after the operation. */
  periodEnd: Date | null;
  /** The balance the payer must hold: the amount, or an hour of pay-as-you-go. */
  requiredBalance: number;
  /** Once confirmed: the voucher the quote spent on it. */
  voucher?: VoucherPart;
}

/** Where an order may take a voucher: its scope, the user's choice, and for a refund of an instance what goes back to vouchers. */
export interface QuoteVouchers {
  scope: VoucherScope;
  /** Absent: the best usable voucher; 0: none. */
  choice?: number;
  /** A refund of an instance whose orders vouchers paid: what goes back to the balance, and to vouchers still valid. */
  refund?: { cash: number; toVouchers: number };
}

export interface QuoteKey {
  secret: Buffer;
  ttlMs: number;
}

interface QuoteRequest {
  userId: number;
  operation: string;
  params: QuoteClaims['params'];
}

/** The priced operation as the user will see it: their payer's balance before and after, and the signed quote to confirm it with. */
export async function issueQuote(
  db: Executor,
  key: QuoteKey,
  request: QuoteRequest & { priced: PricedOperation; now: Date; vouchers?: QuoteVouchers },
): Promise<MoneyQuote> {
  const { userId, operation, params, priced, now } = request;
  const balance = await payerBalance(db, userId);
  const expiresAt = now.getTime() + key.ttlMs;
  const usable = request.vouchers ? await usableVouchers(db, userId, request.vouchers.scope, priced.amount, now) : [];
  const voucher = chosenVoucher(usable, request.vouchers?.choice);
  const voucherAmount = voucher?.amount ?? 0;
  const refund = request.vouchers?.refund;
  const cashAmount = refund ? -refund.cash : priced.amount - voucherAmount;
  return {
    amount: priced.amount,
    unitPrice: priced.unitPrice,
    unitName: priced.unitName,
    balance,
    voucher,
    vouchers: usable,
    voucherRefund: refund?.toVouchers ?? 0,
    balanceAfter: balance - cashAmount,
    paidByMainAccount: (await payerOf(db, userId)) !== userId,
    enough: balance >= priced.requiredBalance - voucherAmount,
    items: priced.items,
    periodEnd: priced.periodEnd?.toISOString() ?? null,
    expiresAt: new Date(expiresAt).toISOString(),
    quoteToken: signQuote(key.secret, {
      userId,
      operation,
      params,
      amount: priced.amount,
      quotedAt: now.getTime(),
      expiresAt,
      voucherId: voucher?.id ?? 0,
    }),
  };
}

export const usedQuoteMessage = '该报价已使用，请重新确认';

/**
 * Checks the quote the user confirmed and prices the operation again at the quote's instant, against the state
 * now; answers the price to charge, which is the quoted one, or refuses the stale, expired or foreign quote.
 * The quote confirms one operation: it is recorded as used in `tx`, the operation's transaction, and a second
 * payment with it is refused, a simultaneous one too (it waits on the first's row, then finds it).
 */
export async function confirmedPrice(
  tx: Executor,
  key: QuoteKey,
  token: string,
  request: QuoteRequest & { now: Date },
  price: (at: Date) => PricedOperation,
): Promise<PricedOperation> {
  const claims = acceptedQuote(key.secret, token, request);
  const priced = price(new Date(claims.quotedAt));
  requireQuotedAmount(claims, priced.amount);
  const [used] = await tx
    .insert(usedQuotes)
    .values({ quoteId: claims.quoteId, userId: request.userId, usedAt: request.now })
    .onConflictDoNothing()
    .returning({ quoteId: usedQuotes.quoteId });
  if (!used) throw conflict(usedQuoteMessage);
  if (!claims.voucherId) return priced;
  const voucher = await spendVoucher(tx, { voucherId: claims.voucherId, userId: request.userId, price: priced.amount, now: request.now });
  return { ...priced, voucher };
}
