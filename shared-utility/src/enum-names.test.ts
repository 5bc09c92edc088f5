import { describe, expect, it } from 'vitest';
import { enumNamesOf, enumOptionsOf } from './enum-names';

describe('enum names', () => {
  it('names each code by its item’s desc, and nothing before the enumeration is loaded', () => {
    const items = [
      { code: 0, name: 'UNPAID', desc: '待支付' },
      { code: 3, name: 'REFUNDED', desc: '已退款' },
    ];
    expect(enumNamesOf(items)).toEqual({ 0: '待支付', 3: '已退款' });
    expect(enumNamesOf(undefined)).toEqual({});
  });

  it('offers the items in their order as options valued by code', () => {
    const items = [
      { code: 1, name: 'PAY_AS_YOU_GO', desc: '按量计费' },
      { code: 2, name: 'DAILY', desc: '包日' },
    ];
    expect(enumOptionsOf(items)).toEqual([
      { key: 1, value: 1, text: '按量计费' },
      { key: 2, value: 2, text: '包日' },
    ]);
    expect(enumOptionsOf(undefined)).toEqual([]);
  });
});
