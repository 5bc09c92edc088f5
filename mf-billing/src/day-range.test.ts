import { describe, expect, it } from 'vitest';
import { dayStart } from './day-range';

describe('a day picked in a date filter', () => {
  it('starts at the browser’s midnight (China time here), and a range to it ends at the next midnight', () => {
    expect(dayStart('2026-11-28')).toBe('2026-11-27T16:00:00.000Z');
    expect(dayStart('2026-11-28', true)).toBe('2026-11-28T16:00:00.000Z');
    expect(dayStart('2026-12-31', true)).toBe('2026-12-31T16:00:00.000Z');
    expect(dayStart('2028-02-28', true)).toBe('2028-02-28T16:00:00.000Z');
  });

  it('is no bound when no day is picked', () => {
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('', true)).toBeUndefined();
  });
});
