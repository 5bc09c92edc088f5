import { describe, expect, it } from 'vitest';
import { mayReloadAfter } from './chunk-reload';

describe('reloading for a micro-app chunk that failed to load', () => {
  const reloadedAt = 1_000_000;

  it('reloads when this tab has not reloaded for one yet', () => {
    expect(mayReloadAfter(null, reloadedAt)).toBe(true);
  });

  it('reloads at most once per 60 s: within that the retry panel shows instead', () => {
    expect(mayReloadAfter(reloadedAt, reloadedAt + 1)).toBe(false);
    expect(mayReloadAfter(reloadedAt, reloadedAt + 59_999)).toBe(false);
    expect(mayReloadAfter(reloadedAt, reloadedAt + 60_000)).toBe(true);
  });
});
