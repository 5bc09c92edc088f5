import { describe, expect, it } from 'vitest';
import { loginUrlWithTab } from './auth-guard';

describe('the login URL carries its tab (spec §2: /login?t=login)', () => {
  it('adds t=login to a bare login URL and keeps its other parameters', () => {
    expect(loginUrlWithTab('')).toBe('/login?t=login');
    expect(loginUrlWithTab('?redirect=%2Faccount%2Fmessage')).toBe('/login?redirect=%2Faccount%2Fmessage&t=login');
  });

  it('leaves a URL that already names its tab as it is', () => {
    expect(loginUrlWithTab('?t=login')).toBeNull();
    expect(loginUrlWithTab('?t=code')).toBeNull();
  });
});
