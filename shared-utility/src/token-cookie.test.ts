// @vitest-environment-options {"url": "http://console.suanli.cn/account/home"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokenCookie, setTokenCookie } from './token-cookie';

afterEach(() => {
  vi.useRealTimers();
  document.cookie = 'RC_WEB_TOKEN=; path=/; max-age=0';
});

describe('token cookie', () => {
  it('holds the token for one day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    setTokenCookie('tok en');
    expect(document.cookie).toBe('RC_WEB_TOKEN=tok%20en');
    vi.setSystemTime(new Date('2026-03-01T23:59:58Z'));
    expect(document.cookie).toBe('RC_WEB_TOKEN=tok%20en');
    vi.setSystemTime(new Date('2026-03-02T00:00:01Z'));
    expect(document.cookie).toBe('');
  });

  it('clearing removes the host cookie and the ones set for parent domains', () => {
    setTokenCookie('t1');
    document.cookie = 'RC_WEB_TOKEN=from-provider; path=/; domain=suanli.cn';
    document.cookie = 'other=keep; path=/';
    expect(document.cookie.match(/RC_WEB_TOKEN=/g)).toHaveLength(2);
    clearTokenCookie();
    expect(document.cookie).toBe('other=keep');
  });
});
