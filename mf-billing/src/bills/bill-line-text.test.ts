import { describe, expect, it } from 'vitest';
import { lineAmountText, quantityText, unitPriceText } from './bill-line-text';

describe('a bill line as 账单明细 shows it', () => {
  it('reads metering’s day rate per hour too, and any other price as it is', () => {
    expect(unitPriceText({ kind: 'usage', unitPrice: 95_040, priceUnit: '天' })).toBe('¥95.04/天（¥3.96/小时）');
    expect(unitPriceText({ kind: 'package', unitPrice: 95_040, priceUnit: '天' })).toBe('¥95.04/天');
    expect(unitPriceText({ kind: 'usage', unitPrice: 100, priceUnit: '核时' })).toBe('¥0.10/核时');
    expect(unitPriceText({ kind: 'gpu_usage', unitPrice: 6_000, priceUnit: '卡时' })).toBe('¥6.00/卡时');
  });

  it('reads seconds as hours to the hundredth, and a few seconds as under 0.01 hours', () => {
    expect(quantityText({ quantity: 21_600, quantityUnit: '秒' })).toBe('21600 秒（6.00 小时）');
    expect(quantityText({ quantity: 9_000, quantityUnit: '核秒' })).toBe('9000 核秒（2.50 核时）');
    expect(quantityText({ quantity: 1_800, quantityUnit: '卡秒' })).toBe('1800 卡秒（0.50 卡时）');
    expect(quantityText({ quantity: 35, quantityUnit: '秒' })).toBe('35 秒（<0.01 小时）');
    expect(quantityText({ quantity: 36, quantityUnit: '秒' })).toBe('36 秒（0.01 小时）');
    expect(quantityText({ quantity: 0, quantityUnit: '秒' })).toBe('0 秒（0.00 小时）');
    expect(quantityText({ quantity: 3, quantityUnit: '天' })).toBe('3 天');
  });

  it('reads an amount to the cent, a refund negative and a charge below one cent as <¥0.01', () => {
    expect(lineAmountText(1_200)).toBe('¥1.20');
    expect(lineAmountText(12_345_678)).toBe('¥12,345.68');
    expect(lineAmountText(-1_200)).toBe('-¥1.20');
    expect(lineAmountText(4)).toBe('<¥0.01');
    expect(lineAmountText(5)).toBe('¥0.01');
    expect(lineAmountText(0)).toBe('¥0.00');
  });
});
