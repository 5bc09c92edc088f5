import type { MoneyQuote } from '@rc/api-contract/user/quote';
import type { ApiResult } from '@rc/shared-utility';

/** The server refused the confirmation because the quote went stale or expired. */
export const isStaleQuote = (result: ApiResult<unknown>) => result.code === 409 && result.msg.endsWith('请重新确认');

/** When to fetch a quote again: 30 s before it expires, but never sooner than 5 s from now. */
export const requoteDelayMs = (expiresAt: string, now: number) => Math.max(5_000, Date.parse(expiresAt) - now - 30_000);

/** What the summary says of a quote: a negative amount is a refund, and a sub-account's main account may pay. */
export const quoteWording = (quote: Pick<MoneyQuote, 'amount' | 'paidByMainAccount'>) => ({
  amountLabel: quote.amount < 0 ? '退款' : '本次扣费',
  amountShown: Math.abs(quote.amount),
  balanceLabel: quote.paidByMainAccount ? '主账户余额' : '账户余额',
});
