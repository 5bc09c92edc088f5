import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { configure, getConfig } from './config';
import { bus, type RcEvents } from './event-bus';
import { storage } from './storage';
import { $token, $userInfo } from './stores';
import { TestApiServer } from './test-server';

const server = new TestApiServer();
const navigate = vi.fn<(url: string) => void>();
let toasts: RcEvents['toast'][] = [];
let logouts: RcEvents['session:logout'][] = [];
const unsubscribe = [bus.on('toast', (t) => toasts.push(t)), bus.on('session:logout', (e) => logouts.push(e))];

beforeAll(async () => {
  configure({ apiBase: await server.start(), navigate });
});
afterAll(async () => {
  unsubscribe.forEach((off) => off());
  await server.stop();
});
// Date is faked (timers stay real); each test starts an hour after the last, outside any dedupe window or cache lifetime.
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((clock += 3_600_000));
  server.reset();
  api.clearCache();
  localStorage.clear();
  document.cookie = 'RC_WEB_TOKEN=; max-age=0; path=/';
  // Through null, so the atom writes the token to the storage just cleared, as a sign-in does.
  $token.set(null);
  $token.set('tok-1');
  $userInfo.set(null);
  navigate.mockReset();
  toasts = [];
  logouts = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('envelope', () => {
  it('resolves a code 200 envelope and sends the token header under /apis', async () => {
    server.on('GET /apis/system/api/thing', { code: 200, data: { a: 1 }, msg: 'ok' });
    const result = await api.get<{ a: number }>('/system/api/thing', { b: 'x y', a: 2 });
    expect(result).toEqual({ code: 200, data: { a: 1 }, msg: 'ok' });
    expect(server.seen).toEqual([{ method: 'GET', url: '/apis/system/api/thing?b=x+y&a=2', token: 'tok-1', body: undefined }]);
    expect(toasts).toEqual([]);
  });

  it('sends JSON bodies for POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) server.on(`${method} /apis/image/auth/x`, { code: 200, data: method });
    expect((await api.post('/image/auth/x', { n: 1 })).data).toBe('POST');
    expect((await api.put('/image/auth/x', { n: 2 })).data).toBe('PUT');
    expect((await api.del('/image/auth/x', { ids: [3] })).data).toBe('DELETE');
    expect(server.seen.map((r) => [r.method, r.body])).toEqual([
      ['POST', { n: 1 }],
      ['PUT', { n: 2 }],
      ['DELETE', { ids: [3] }],
    ]);
  });

  it('omits the token header when logged out', async () => {
    $token.set(null);
    server.on('POST /apis/system/api/website/get', { code: 200, data: {} });
    await api.post('/system/api/website/get');
    expect(server.seen[0]?.token).toBeUndefined();
  });
});

describe('error tips', () => {
  it('resolves a non-200 envelope and toasts its msg', async () => {
    server.on('POST /apis/user/auth/x', { code: 422, data: null, msg: '手机号格式不正确' });
    const result = await api.post('/user/auth/x', {});
    expect(result).toEqual({ code: 422, data: null, msg: '手机号格式不正确' });
    expect(toasts).toEqual([{ type: 'error', message: '手机号格式不正确' }]);
  });

  it('stays quiet with errorTip false', async () => {
    server.on('POST /apis/user/auth/x', { code: 500, msg: '服务器错误' });
    expect((await api.post('/user/auth/x', {}, { errorTip: false })).code).toBe(500);
    expect(toasts).toEqual([]);
  });

  it('shows the same message at most once per 2000 ms', async () => {
    server.on('POST /apis/user/auth/x', { code: 409, msg: '余额不足' });
    server.on('POST /apis/user/auth/y', { code: 409, msg: '实例已停止' });
    await api.post('/user/auth/x');
    await api.post('/user/auth/x');
    await api.post('/user/auth/y');
    expect(toasts.map((t) => t.message)).toEqual(['余额不足', '实例已停止']);
    vi.advanceTimersByTime(1999);
    await api.post('/user/auth/x');
    expect(toasts.map((t) => t.message)).toEqual(['余额不足', '实例已停止']);
    vi.advanceTimersByTime(1);
    await api.post('/user/auth/x');
    expect(toasts.map((t) => t.message)).toEqual(['余额不足', '实例已停止', '余额不足']);
  });
});

describe('session codes', () => {
  it('304: toasts logged-in-elsewhere, logs out without calling the server and opens login', async () => {
    storage.set('RC_WEB_TOKEN', 'tok-1');
    $userInfo.set({ nickname: 'a' } as never);
    document.cookie = 'RC_WEB_TOKEN=tok-1; path=/';
    server.on('POST /apis/user/auth/user/ext/view', { code: 304, msg: 'other' });
    const result = await api.post('/user/auth/user/ext/view', undefined, { errorTip: false });
    expect(result.code).toBe(304);
    expect(toasts).toEqual([{ type: 'error', message: '你的账户已在其他地方登录！' }]);
    expect(logouts).toEqual([{ reason: 'code 304' }]);
    expect($token.get()).toBeNull();
    expect($userInfo.get()).toBeNull();
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBeNull();
    expect(localStorage.getItem('RcUserInfo')).toBeNull();
    expect(document.cookie).not.toContain('RC_WEB_TOKEN');
    expect(navigate.mock.calls).toEqual([['/login?t=login']]);
    expect(server.seen.map((r) => r.url)).toEqual(['/apis/user/auth/user/ext/view']);
  });

  it.each([300, 301, 399, 400, 401])('%i: clears the session and opens /login?t=login', async (code) => {
    server.on('GET /apis/user/auth/x', { code, msg: '请先登录' });
    const result = await api.get('/user/auth/x');
    expect(result).toEqual({ code, data: null, msg: '请先登录' });
    expect($token.get()).toBeNull();
    expect(logouts).toEqual([{ reason: `code ${code}` }]);
    expect(navigate.mock.calls).toEqual([['/login?t=login']]);
    expect(toasts).toEqual([{ type: 'error', message: '请先登录' }]);
  });

  it.each([299, 402, 403, 404, 422])('%i is not a session loss', async (code) => {
    server.on('GET /apis/user/auth/a', { code, msg: 'a' });
    await api.get('/user/auth/a');
    expect($token.get()).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the session but stays on the page with loginRedirect false', async () => {
    server.on('POST /apis/community/api/blog/view', { code: 401, msg: '请先登录' });
    await api.post('/community/api/blog/view', { id: 1 }, { loginRedirect: false, errorTip: false });
    expect($token.get()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 304 for a token another tab has replaced (before this tab heard of it) leaves the new session alone', async () => {
    server.on('POST /apis/user/auth/user/ext/view', { code: 304, msg: '已在别处登录' });
    localStorage.setItem('RC_WEB_TOKEN', JSON.stringify('tok-other-tab'));
    await api.post('/user/auth/user/ext/view', undefined, { errorTip: false });
    expect(localStorage.getItem('RC_WEB_TOKEN')).toBe(JSON.stringify('tok-other-tab'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 401 for a request sent with an older token leaves the new session alone', async () => {
    server.on('GET /apis/user/auth/slow', () => ({ body: { code: 401, data: null, msg: '登录已过期' }, delayMs: 100 }));
    const pending = api.get('/user/auth/slow', undefined, { errorTip: false, loginRedirect: false });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    $token.set('tok-2');
    expect((await pending).code).toBe(401);
    expect(server.seen[0]?.token).toBe('tok-1');
    expect($token.get()).toBe('tok-2');
    expect(logouts).toEqual([]);
  });
});

describe('failures', () => {
  it('a closed port resolves code -1 and toasts the network failure', async () => {
    const closed = new TestApiServer();
    const base = await closed.start();
    await closed.stop();
    const { apiBase } = getConfig();
    configure({ apiBase: base });
    try {
      const result = await api.get('/system/api/x');
      expect(result).toEqual({ code: -1, data: null, msg: '调用失败,请您稍后重试' });
      expect(toasts).toEqual([{ type: 'error', message: '调用失败,请您稍后重试' }]);
    } finally {
      configure({ apiBase });
    }
  });

  it('a response that is not an envelope counts as a failure', async () => {
    server.on('GET /apis/system/page', () => ({ raw: '<html></html>', contentType: 'text/html' }));
    expect(await api.get('/system/page')).toEqual({ code: -1, data: null, msg: '调用失败,请您稍后重试' });
  });

  it('a call aborted by its caller resolves code -1 without a toast', async () => {
    server.on('GET /apis/system/slow', () => ({ body: { code: 200, data: 1 }, delayMs: 200 }));
    const controller = new AbortController();
    const pending = api.get('/system/slow', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    controller.abort();
    expect((await pending).code).toBe(-1);
    expect(toasts).toEqual([]);
  });
});

describe('GET cache', () => {
  it('serves the same URL and params (in any order) from the cache', async () => {
    let n = 0;
    server.on('GET /apis/node/auth/region/list-enable', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    const first = await api.get('/node/auth/region/list-enable', { a: 1, b: 2 });
    const second = await api.get('/node/auth/region/list-enable', { b: 2, a: 1 });
    const other = await api.get('/node/auth/region/list-enable', { a: 1, b: 3 });
    expect([first.data, second.data, other.data]).toEqual([1, 1, 2]);
    expect(server.count('GET /apis/node/auth/region/list-enable')).toBe(2);
  });

  it('expires after 300000 ms, or after the per-call lifetime', async () => {
    let n = 0;
    server.on('GET /apis/node/auth/x', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    await api.get('/node/auth/x');
    vi.advanceTimersByTime(299_999);
    expect((await api.get('/node/auth/x')).data).toBe(1);
    vi.advanceTimersByTime(1);
    expect((await api.get('/node/auth/x')).data).toBe(2);

    await api.get('/node/auth/x', { short: 1 }, { cache: 1000 });
    vi.advanceTimersByTime(999);
    expect((await api.get('/node/auth/x', { short: 1 }, { cache: 1000 })).data).toBe(3);
    vi.advanceTimersByTime(1);
    expect((await api.get('/node/auth/x', { short: 1 }, { cache: 1000 })).data).toBe(4);
  });

  it('skips the cache with cache false and never caches failures', async () => {
    let n = 0;
    server.on('GET /apis/node/auth/x', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    server.on('GET /apis/node/auth/bad', { code: 500, msg: '服务器错误' });
    await api.get('/node/auth/x', undefined, { cache: false });
    await api.get('/node/auth/x', undefined, { cache: false });
    await api.get('/node/auth/bad', undefined, { errorTip: false });
    await api.get('/node/auth/bad', undefined, { errorTip: false });
    expect(server.count('GET /apis/node/auth/x')).toBe(2);
    expect(server.count('GET /apis/node/auth/bad')).toBe(2);
  });

  it('is dropped for a service when a POST, PUT or DELETE touches it', async () => {
    let n = 0;
    server.on('GET /apis/image/auth/allSys', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    server.on('POST /apis/node/auth/list', { code: 200 });
    server.on('PUT /apis/image/auth/private/change-name', { code: 200 });
    server.on('DELETE /apis/image/auth/private/delete/7', { code: 422, msg: '镜像使用中' });

    await api.get('/image/auth/allSys');
    await api.post('/node/auth/list', {});
    expect((await api.get('/image/auth/allSys')).data).toBe(1);
    await api.put('/image/auth/private/change-name', { id: 7, name: 'b' });
    expect((await api.get('/image/auth/allSys')).data).toBe(2);
    await api.del('/image/auth/private/delete/7', undefined, { errorTip: false });
    expect((await api.get('/image/auth/allSys')).data).toBe(3);
    expect(server.count('GET /apis/image/auth/allSys')).toBe(3);
  });

  it('does not store a GET that was in flight while its service was written', async () => {
    let n = 0;
    server.on('GET /apis/image/auth/repository', () => ({ body: { code: 200, data: ++n, msg: '' }, delayMs: 100 }));
    server.on('POST /apis/image/auth/repository', { code: 200 });
    const read = api.get('/image/auth/repository');
    await api.post('/image/auth/repository', { name: 'x' });
    expect((await read).data).toBe(1);
    expect((await api.get('/image/auth/repository')).data).toBe(2);
  });

  it('hands out copies, so a caller cannot change the cached value', async () => {
    server.on('GET /apis/node/auth/obj', { code: 200, data: { list: [1] } });
    const first = await api.get<{ list: number[] }>('/node/auth/obj');
    first.data.list.push(2);
    expect((await api.get<{ list: number[] }>('/node/auth/obj')).data).toEqual({ list: [1] });
  });

  it('clearCache drops one service or everything', async () => {
    let n = 0;
    server.on('GET /apis/node/auth/x', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    server.on('GET /apis/image/auth/x', () => ({ body: { code: 200, data: ++n, msg: '' } }));
    await api.get('/node/auth/x');
    await api.get('/image/auth/x');
    api.clearCache('node');
    expect((await api.get('/node/auth/x')).data).toBe(3);
    expect((await api.get('/image/auth/x')).data).toBe(2);
    api.clearCache();
    expect((await api.get('/image/auth/x')).data).toBe(4);
  });
});
