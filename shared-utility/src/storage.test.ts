import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from './storage';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('storage', () => {
  it('keeps values as JSON text', () => {
    storage.set('RcUserInfo', { id: 1, nickname: '张三' });
    storage.set('RC_WEB_TOKEN', 'abc');
    expect(localStorage.getItem('RcUserInfo')).toBe('{"id":1,"nickname":"张三"}');
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBe('"abc"');
    expect(storage.get('RcUserInfo')).toEqual({ id: 1, nickname: '张三' });
    expect(storage.get('RC_WEB_TOKEN')).toBe('abc');
  });

  it('reads missing or unparseable values as null, and removes', () => {
    localStorage.setItem('referralCode', 'not json{');
    expect(storage.get('referralCode')).toBeNull();
    expect(storage.get('temporaryUrl')).toBeNull();
    storage.set('vuex_dialog', []);
    storage.remove('vuex_dialog');
    expect(localStorage.getItem('vuex_dialog')).toBeNull();
  });
});

describe('persisted stores', () => {
  it('start from storage: token, user info and theme', async () => {
    localStorage.setItem('RC_WEB_TOKEN', '"tok"');
    localStorage.setItem('RcUserInfo', '{"nickname":"a","nowMoney":500000,"idCardCheckStatus":1}');
    localStorage.setItem('theme', '"theme_dark"');
    const stores = await import('./stores');
    expect(stores.$token.get()).toBe('tok');
    expect(stores.$isLoggedIn.get()).toBe(true);
    expect(stores.$userInfo.get()).toEqual({ nickname: 'a', nowMoney: 500000, idCardCheckStatus: 1 });
    expect(stores.$balance.get()).toBe(500000);
    expect(stores.$idCardCheckStatus.get()).toBe(1);
    expect(stores.$theme.get()).toBe('theme_dark');
  });

  it('default to logged out, theme_light, priceCalc 1000 and userGuide flags false', async () => {
    const stores = await import('./stores');
    expect(stores.$token.get()).toBeNull();
    expect(stores.$isLoggedIn.get()).toBe(false);
    expect(stores.$theme.get()).toBe('theme_light');
    expect(stores.$priceCalc.get()).toBe(1000);
    expect(stores.$userGuide.get()).toEqual({ computerPower: false, superPower: false });
    expect(stores.$balance.get()).toBe(0);
  });

  it('write through to storage; null removes the key', async () => {
    const { $token, $isLoggedIn, $theme, $referralCode } = await import('./stores');
    $token.set('t1');
    $theme.set('theme_dark');
    $referralCode.set('ABCD2345');
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBe('"t1"');
    expect(localStorage.getItem('theme')).toBe('"theme_dark"');
    expect(localStorage.getItem('referralCode')).toBe('"ABCD2345"');
    expect($isLoggedIn.get()).toBe(true);
    $token.set(null);
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBeNull();
    expect($isLoggedIn.get()).toBe(false);
  });

  it('keep a dismissed user guide across page loads', async () => {
    const first = await import('./stores');
    first.$userGuide.set({ computerPower: false, superPower: true });
    expect(localStorage.getItem('userGuide')).toBe('{"computerPower":false,"superPower":true}');
    vi.resetModules();
    const reloaded = await import('./stores');
    expect(reloaded.$userGuide.get()).toEqual({ computerPower: false, superPower: true });
  });

  it('follow changes another tab makes to localStorage', async () => {
    const { $theme, $token } = await import('./stores');
    const fromOtherTab = (key: string | null, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    fromOtherTab('theme', '"theme_dark"');
    fromOtherTab('RC_WEB_TOKEN', '"t2"');
    expect($theme.get()).toBe('theme_dark');
    expect($token.get()).toBe('t2');
    fromOtherTab(null, null);
    expect($theme.get()).toBe('theme_light');
    expect($token.get()).toBeNull();
  });

  it('setTheme persists the theme and announces it; toggleTheme flips it', async () => {
    const [{ setTheme, toggleTheme }, { $theme }, { bus }] = await Promise.all([
      import('./theme'),
      import('./stores'),
      import('./event-bus'),
    ]);
    const seen: string[] = [];
    const off = bus.on('theme:change', ({ theme }) => seen.push(theme));
    setTheme('theme_dark');
    toggleTheme();
    off();
    expect(seen).toEqual(['theme_dark', 'theme_light']);
    expect($theme.get()).toBe('theme_light');
    expect(localStorage.getItem('theme')).toBe('"theme_light"');
  });
});
