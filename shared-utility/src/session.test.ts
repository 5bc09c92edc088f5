import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from './config';
import { bus } from './event-bus';
import { loadCounters, loginWith, logout, refreshCounters, refreshUserInfo } from './session';
import { $balance, $idCardCheckStatus, $instanceNum, $instanceStatistics, $isLoggedIn, $token, $userInfo, $userMsgNum } from './stores';
import { TestApiServer } from './test-server';
import type { UserInfo } from './types';

const server = new TestApiServer();
const navigate = vi.fn<(url: string) => void>();
const user: UserInfo = {
  id: 1,
  nickname: '演示用户',
  mobile: '138****0001',
  headImgUrl: '',
  userType: 1,
  isTeacher: false,
  isGradeAdmin: false,
  isOperator: false,
  expireTime: null,
  idCardCheckStatus: 1,
  realName: '张三',
  idCard: '1101**********1234',
  videoPermission: false,
  nowMoney: 500_000,
  zhisuanStatus: 0,
  chaosuanStatus: 0,
  parentId: null,
  shareBalance: false,
  referralCode: 'ABCD2345',
};
let events: unknown[] = [];
const offs = [
  bus.on('session:login', (d) => events.push(['login', d.userInfo.nickname])),
  bus.on('session:logout', (d) => events.push(['logout', d.reason])),
  bus.on('toast', (d) => events.push(['toast', d.message])),
];

beforeAll(async () => {
  configure({ apiBase: await server.start(), navigate });
});
afterAll(async () => {
  offs.forEach((off) => off());
  await server.stop();
});
beforeEach(() => {
  server.reset();
  navigate.mockReset();
  localStorage.clear();
  $token.set(null);
  $userInfo.set(null);
  $userMsgNum.set(0);
  $instanceNum.set(0);
  $balance.set(0);
  events = [];
});

describe('login and logout', () => {
  it('loginWith stores the token (storage and cookie) and the user, and announces the login', () => {
    loginWith({ token: 'tok-1', userInfo: user });
    expect($token.get()).toBe('tok-1');
    expect($isLoggedIn.get()).toBe(true);
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBe('"tok-1"');
    expect(JSON.parse(localStorage.getItem('RcUserInfo') ?? 'null')).toEqual(user);
    expect(document.cookie).toContain('RC_WEB_TOKEN=tok-1');
    expect($balance.get()).toBe(500_000);
    expect($idCardCheckStatus.get()).toBe(1);
    expect(events).toEqual([['login', '演示用户']]);
  });

  it('logout tells the server with the token, clears everything and opens login', async () => {
    server.on('GET /apis/user/auth/user/logout', { code: 200 });
    loginWith({ token: 'tok-1', userInfo: user });
    $userMsgNum.set(3);
    await logout();
    expect(server.seen.map((r) => [r.method, r.url, r.token])).toEqual([['GET', '/apis/user/auth/user/logout', 'tok-1']]);
    expect($token.get()).toBeNull();
    expect($userInfo.get()).toBeNull();
    expect($userMsgNum.get()).toBe(0);
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBeNull();
    expect(localStorage.getItem('RcUserInfo')).toBeNull();
    expect(document.cookie).not.toContain('RC_WEB_TOKEN');
    expect(navigate.mock.calls).toEqual([['/login?t=login']]);
    expect(events).toEqual([
      ['login', '演示用户'],
      ['logout', 'logout'],
    ]);
  });

  it('logout without the server call or the redirect', async () => {
    loginWith({ token: 'tok-1', userInfo: user });
    await logout({ callServer: false, redirect: false });
    expect(server.seen).toEqual([]);
    expect($token.get()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a logout in another tab logs this tab out', async () => {
    loginWith({ token: 'tok-1', userInfo: user });
    const otherTab = new BroadcastChannel('rc-bus');
    otherTab.postMessage({ type: 'session:logout', detail: { reason: 'logout' } });
    await vi.waitFor(() => expect($token.get()).toBeNull());
    otherTab.close();
    expect($userInfo.get()).toBeNull();
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBeNull();
    expect(document.cookie).not.toContain('RC_WEB_TOKEN');
  });
});

describe('refreshUserInfo', () => {
  it('stores the user info from ext/view', async () => {
    $token.set('tok-1');
    server.on('POST /apis/user/auth/user/ext/view', { code: 200, data: { ...user, nowMoney: 123, idCardCheckStatus: 0 } });
    expect((await refreshUserInfo())?.nowMoney).toBe(123);
    expect($userInfo.get()?.nickname).toBe('演示用户');
    expect($balance.get()).toBe(123);
    expect($idCardCheckStatus.get()).toBe(0);
  });

  it.each([401, 999])('code %i sends the user to login', async (code) => {
    loginWith({ token: 'tok-1', userInfo: user });
    server.on('POST /apis/user/auth/user/ext/view', { code, msg: '登录已失效' });
    expect(await refreshUserInfo()).toBeNull();
    expect($token.get()).toBeNull();
    expect(navigate.mock.calls).toEqual([['/login?t=login']]);
  });

  it('does nothing without a token', async () => {
    expect(await refreshUserInfo()).toBeNull();
    expect(server.seen).toEqual([]);
  });
});

describe('refreshCounters', () => {
  beforeEach(() => $token.set('tok-1'));

  it('loads the counters once per page load and session: every caller shares that load until something changes them', async () => {
    const statistics = { totalContainer: 2, running: 1, stopped: 1, busy: 0, failed: 0, byStatus: {} };
    server.on('POST /apis/user/auth/msg/user/num', { code: 200, data: { num: 3 } });
    server.on('GET /apis/container/auth/statistics', { code: 200, data: statistics });
    server.on('GET /apis/user/auth/user/ext/get/realtime/balance', { code: 200, data: { balance: 499_500 } });
    const routes = [
      'POST /apis/user/auth/msg/user/num',
      'GET /apis/container/auth/statistics',
      'GET /apis/user/auth/user/ext/get/realtime/balance',
    ];
    const counts = () => routes.map((route) => server.count(route));
    await Promise.all([loadCounters(), loadCounters()]);
    await loadCounters();
    expect(counts()).toEqual([1, 1, 1]);
    expect($instanceStatistics.get()).toEqual(statistics);
    await refreshCounters();
    expect(counts()).toEqual([2, 2, 2]);
    $token.set('tok-2');
    await loadCounters();
    expect(counts()).toEqual([3, 3, 3]);
    // A pushed change of instance state: the statistics by state are loaded again by the next screen that asks.
    bus.emit('instances:changed', { totalContainer: 2, changed: [] });
    await loadCounters();
    expect(counts()).toEqual([4, 4, 4]);
  });

  it('loads unread messages, instance count and balance', async () => {
    server.on('POST /apis/user/auth/msg/user/num', { code: 200, data: { num: 3 } });
    server.on('GET /apis/container/auth/statistics', { code: 200, data: { totalContainer: 2, running: 1 } });
    server.on('GET /apis/user/auth/user/ext/get/realtime/balance', { code: 200, data: { balance: 499_500 } });
    await refreshCounters();
    expect([$userMsgNum.get(), $instanceNum.get(), $balance.get()]).toEqual([3, 2, 499_500]);
  });

  it('counts 0 instances when statistics fail, without a toast, and is never served from the cache', async () => {
    server.on('POST /apis/user/auth/msg/user/num', { code: 200, data: { num: 1 } });
    server.on('GET /apis/user/auth/user/ext/get/realtime/balance', { code: 200, data: { balance: 7 } });
    $instanceNum.set(5);
    await refreshCounters();
    expect($instanceNum.get()).toBe(0);
    expect(events).toEqual([]);
    server.on('GET /apis/user/auth/user/ext/get/realtime/balance', { code: 200, data: { balance: 8 } });
    await refreshCounters();
    expect($balance.get()).toBe(8);
  });

  it('runs when a counters:changed event asks for it', async () => {
    server.on('POST /apis/user/auth/msg/user/num', { code: 200, data: { num: 9 } });
    bus.emit('counters:changed', {});
    await vi.waitFor(() => expect($userMsgNum.get()).toBe(9));
  });

  it('does nothing without a token', async () => {
    $token.set(null);
    await refreshCounters();
    expect(server.seen).toEqual([]);
  });
});
