import { describe, expect, it } from 'vitest';
import { enumNamesOf } from './enum-names';

describe('enum names', () => {
  it('names each code by its item’s desc, and nothing before the enumeration is loaded', () => {
    const items = [
      { code: 0, name: 'UNPAID', desc: '待支付' },
      { code: 3, name: 'REFUNDED', desc: '已退款' },
    ];
    expect(enumNamesOf(items)).toEqual({ 0: '待支付', 3: '已退款' });
    expect(enumNamesOf(undefined)).toEqual({});
  });
});
