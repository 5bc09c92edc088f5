import { describe, expect, it } from 'vitest';
import { framesOnSameSite } from './frame-policy';

describe('where the remote desktop can run framed in the portal', () => {
  it('frames instance pages under the portal host or its parent domain', () => {
    expect(framesOnSameSite('suanli.example.com', '7-6080.apps.suanli.example.com')).toBe(true);
    expect(framesOnSameSite('suanli.example.com', '7-6080.apps.example.com')).toBe(true);
    expect(framesOnSameSite('suanli.localhost', '7-6080.apps.suanli.localhost')).toBe(true);
    expect(framesOnSameSite('apps.localhost', '7-6080.apps.localhost')).toBe(true);
  });

  it('opens them in a tab of their own from an address, a one-label host or another site', () => {
    expect(framesOnSameSite('localhost', '7-6080.apps.localhost')).toBe(false);
    expect(framesOnSameSite('127.0.0.1', '7-6080.apps.localhost')).toBe(false);
    expect(framesOnSameSite('[::1]', '7-6080.apps.localhost')).toBe(false);
    expect(framesOnSameSite('suanli.localhost', '7-6080.apps.localhost')).toBe(false);
    expect(framesOnSameSite('suanli.example.com', '7-6080.apps.other.com')).toBe(false);
  });
});
