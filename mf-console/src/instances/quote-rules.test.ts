import { describe, expect, it } from 'vitest';
import { isStaleQuote, quoteWording, requoteDelayMs } from './quote-rules';

describe('quote rules', () => {
  it('treats only a 409 asking to confirm again as a stale quote', () => {
    expect(isStaleQuote({ code: 409, data: null, msg: '价格已变化，请重新确认' })).toBe(true);
    expect(isStaleQuote({ code: 409, data: null, msg: '实例状态已变化' })).toBe(false);
    expect(isStaleQuote({ code: 400, data: null, msg: '报价已过期，请重新确认' })).toBe(false);
  });

  it('fetches a quote again 30 s before it expires, but not sooner than in 5 s', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    expect(requoteDelayMs('2026-11-29T00:05:00Z', now)).toBe(270_000);
    expect(requoteDelayMs('2026-11-29T00:00:20Z', now)).toBe(5_000);
  });

  it('shows a negative amount as a refund of its absolute value, and names the main account when it pays', () => {
    expect(quoteWording({ amount: -1500, paidByMainAccount: false })).toEqual({
      amountLabel: '退款',
      amountShown: 1500,
      balanceLabel: '账户余额',
    });
    expect(quoteWording({ amount: 2000, paidByMainAccount: true })).toEqual({
      amountLabel: '本次扣费',
      amountShown: 2000,
      balanceLabel: '主账户余额',
    });
  });
});
