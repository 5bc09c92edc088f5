import { describe, expect, it } from 'vitest';
import { stopConfirmText } from './stop-wording';

describe('the 关机 confirmation', () => {
  it('tells a pay-as-you-go instance that charging stops and its GPUs go back', () => {
    const text = stopConfirmText({ name: 'a', billingType: 1, billingName: '按量计费', packageExpiresAt: null });
    expect(text).toContain('按量计费实例关机后停止计算计费');
    expect(text).toContain('GPU会释放');
  });

  it('speaks of the package, not of pay-as-you-go, for a 包日 instance: its GPUs stay and its paid time runs on', () => {
    const text = stopConfirmText({ name: 'b', billingType: 2, billingName: '包日', packageExpiresAt: '2026-11-30T08:00:00.000Z' });
    expect(text).toMatch(/^确定关机「b」？关机后数据保留；包日已付费至 2026\/11\/30 \d\d:00:00，关机期间GPU仍为你保留/);
    expect(text).toContain('已付费用不因关机退还');
    expect(text).not.toContain('按量');
    expect(text).not.toContain('释放');
  });
});
