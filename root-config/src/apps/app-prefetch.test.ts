import { describe, expect, it } from 'vitest';
import { mayPrefetch } from './app-prefetch';

describe('prefetching the micro-apps', () => {
  it('prefetches on a fast connection, or where the browser tells nothing of it', () => {
    expect(mayPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(mayPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(mayPrefetch(undefined)).toBe(true);
  });

  it('skips prefetching on 2g and slow-2g connections and when the user saves data (spec §9)', () => {
    expect(mayPrefetch({ effectiveType: '2g', saveData: false })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
