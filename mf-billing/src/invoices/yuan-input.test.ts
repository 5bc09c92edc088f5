import { describe, expect, it } from 'vitest';
import { parseYuan } from './yuan-input';

describe('an invoice amount typed in yuan', () => {
  it('is kept in thousandths of a yuan, whole fen only', () => {
    expect(parseYuan('12.5')).toBe(12_500);
    expect(parseYuan(' 100 ')).toBe(100_000);
    expect(parseYuan('0.01')).toBe(10);
    expect(parseYuan('999999999.99')).toBe(999_999_999_990);
  });

  it('is refused unless it is a positive amount of at most nine digits and two decimals', () => {
    for (const text of ['', '0', '0.00', '-1', '1.234', '1.', '.5', '1e3', '1,000', '¥10', '1000000000'])
      expect(parseYuan(text), text).toBeNull();
  });
});
