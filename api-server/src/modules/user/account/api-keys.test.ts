import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, requestSmsCode, type Answer, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';
import { defaultRateLimits } from '../../../config.js';
import { apiKeys } from '../../../db/index.js';
import { sha256 } from '../../../lib/index.js';
import { keyAccessOf } from '../../../plugins/app/api-key-scopes.js';

const keyLimit = { max: 60, windowMs: 60_000 };
let t: TestApp;
let main: string;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimits: { ...defaultRateLimits, apiKey: keyLimit } } });
  main = await login(t.app, demoAccounts.user, demoPassword);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function withKey(key: string, method: Method, url: string, body?: object, ip = '127.0.0.1'): Promise<Answer> {
  const response = await t.app.inject({ method, url, payload: body, headers: { authorization: `Bearer ${key}` }, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const create = (body: object, token = main) => call(t.app, 'POST', '/apis/user/auth/user/apikey/create', body, token);
const list = (token = main) => call(t.app, 'POST', '/apis/user/auth/user/apikey/list', {}, token);
const revoke = (id: number, token = main) => call(t.app, 'POST', '/apis/user/auth/user/apikey/revoke', { id }, token);

async function newKey(scopes: string[], expiry = 'never', token = main): Promise<{ key: string; id: number }> {
  const answer = await create({ name: `密钥 ${scopes.join('+')}`, scopes, expiry }, token);
  expect(answer.code).toBe(200);
  return { key: answer.data.key, id: answer.data.view.id };
}

const balance = (key: string, ip?: string) => withKey(key, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, ip);

describe('API keys', () => {
  it('are created with a name, scopes and an expiry, shown whole once, then listed by their last 4 characters', async () => {
    const created = await create({ name: ' 训练脚本 ', scopes: ['instance', 'read'], expiry: '90d' });
    expect(created).toMatchObject({ code: 200, msg: 'API 密钥已创建' });
    const { key, view } = created.data;
    expect(key).toMatch(/^sl-[A-Za-z0-9_-]{43}$/);
    const now = t.clock.now().getTime();
    expect(view).toMatchObject({
      name: '训练脚本',
      scopes: ['instance', 'read'],
      lastFour: key.slice(-4),
      state: 'active',
      lastUsedAt: null,
    });
    expect(new Date(view.expiresAt).getTime()).toBe(now + 90 * 24 * 60 * 60_000);

    const listed = await list();
    expect(listed.data.max).toBe(20);
    const row = listed.data.list.find((item: { id: number }) => item.id === view.id);
    expect(row).toEqual(view);
    expect(JSON.stringify(listed.data)).not.toContain(key);
    expect((await newKey(['read'], 'never')).key).not.toBe(key);
    expect((await list()).data.list.at(-1)).toMatchObject({ expiresAt: null, state: 'active' });
  });

  it('refuse a bad name, no scope, an unknown scope or expiry with a Chinese sentence', async () => {
    expect((await create({ name: '   ', scopes: ['read'], expiry: '30d' })).msg).toBe('请填写密钥名称');
    for (const body of [
      { name: 'a', scopes: [], expiry: '30d' },
      { name: 'a', scopes: ['root'], expiry: '30d' },
      { name: 'a', scopes: ['read'], expiry: '2y' },
    ]) {
      const answer = await create(body);
      expect(answer.code).toBe(422);
      expect(answer.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('are stored hashed: the database holds the SHA-256 and the last 4 characters, never the key', async () => {
    const { key, id } = await newKey(['storage']);
    const rows = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(sha256(key));
    expect(rows[0]!.lastFour).toBe(key.slice(-4));
    expect(JSON.stringify(rows)).not.toContain(key.slice(3));
  });

  it('act as their user on /auth/ calls with Authorization: Bearer', async () => {
    const { key } = await newKey(['read']);
    const viaKey = await withKey(key, 'POST', '/apis/user/auth/user/ext/view');
    const viaSession = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, main);
    expect(viaKey).toMatchObject({ code: 200, data: { id: viaSession.data.id } });
    expect((await balance(key)).code).toBe(200);
  });

  it('of any scope may ask whoami, which names the account and the key; a session gets key null', async () => {
    const { key, id } = await newKey(['storage']);
    const me = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, main);
    expect(await withKey(key, 'POST', '/apis/user/auth/user/apikey/whoami')).toMatchObject({
      code: 200,
      data: { userId: me.data.id, parentId: null, key: { id, scopes: ['storage'], lastFour: key.slice(-4), state: 'active' } },
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/apikey/whoami', undefined, main)).data).toMatchObject({
      userId: me.data.id,
      key: null,
    });
  });

  it('refuse a malformed or unknown key with 401', async () => {
    expect(await balance('not-a-key')).toMatchObject({ code: 401, msg: 'API 密钥格式不正确，应为 sl- 开头的完整密钥' });
    expect(await balance(`sl-${'A'.repeat(43)}`)).toMatchObject({ code: 401, msg: 'API 密钥无效，请检查密钥是否完整' });
  });

  it('answer calls outside their scopes with 403 naming the missing scope, on a route of each scope', async () => {
    const readOnly = (await newKey(['read'])).key;
    const instance = (await newKey(['instance'])).key;
    const storage = (await newKey(['storage'])).key;
    const billing = (await newKey(['billing'])).key;
    const cases: Array<{ key: string; method: Method; url: string; msg: string }> = [
      {
        key: storage,
        method: 'POST',
        url: '/apis/container/auth/list',
        msg: '此 API 密钥没有「只读」或「实例」权限，请使用带有该权限的密钥',
      },
      {
        key: readOnly,
        method: 'POST',
        url: '/apis/user/auth/user/instance/stop',
        msg: '此 API 密钥没有「实例」权限，请使用带有该权限的密钥',
      },
      { key: readOnly, method: 'POST', url: '/apis/net-disk/auth/mkdir', msg: '此 API 密钥没有「存储」权限，请使用带有该权限的密钥' },
      { key: billing, method: 'GET', url: '/apis/net-disk/auth/get', msg: '此 API 密钥没有「只读」或「存储」权限，请使用带有该权限的密钥' },
      { key: readOnly, method: 'POST', url: '/apis/user/auth/recharge/create', msg: '此 API 密钥没有「费用」权限，请使用带有该权限的密钥' },
      {
        key: instance,
        method: 'POST',
        url: '/apis/user/auth/bill/list',
        msg: '此 API 密钥没有「只读」或「费用」权限，请使用带有该权限的密钥',
      },
      { key: instance, method: 'POST', url: '/apis/community/auth/blog/list', msg: '此 API 密钥没有「只读」权限，请使用带有该权限的密钥' },
    ];
    for (const { key, method, url, msg } of cases)
      expect(await withKey(key, method, url, {}), `${method} ${url}`).toMatchObject({ code: 403, msg });

    expect((await withKey(instance, 'POST', '/apis/container/auth/list', {})).code).toBe(200);
    expect((await withKey(readOnly, 'POST', '/apis/container/auth/list', {})).code).toBe(200);
    expect((await withKey(storage, 'GET', '/apis/net-disk/auth/get')).code).toBe(200);
    expect((await withKey(billing, 'POST', '/apis/user/auth/bill/list', {})).code).toBe(200);
    expect((await withKey(readOnly, 'POST', '/apis/community/auth/blog/list', {})).code).toBe(200);
  });

  it('never manage keys, the account, passwords or security, whatever their scopes', async () => {
    const { key } = await newKey(['read', 'instance', 'storage', 'billing']);
    const msg = 'API 密钥不能调用此接口：账号、安全与密钥管理只能在登录网页后操作';
    for (const url of [
      '/apis/user/auth/user/apikey/list',
      '/apis/user/auth/user/apikey/create',
      '/apis/user/auth/user/apikey/revoke',
      '/apis/user/auth/user/ext/update',
      '/apis/user/auth/user/ext/update/password/sub/user',
      '/apis/user/auth/user/ext/add/sub/user',
      '/apis/user/auth/user/credential/image/list',
      '/apis/user/auth/user/account/payee/save',
      '/apis/user/auth/events/ticket',
    ]) {
      expect(await withKey(key, 'POST', url, {}), url).toMatchObject({ code: 403, msg });
    }
    expect(await withKey(key, 'GET', '/apis/user/auth/user/logout')).toMatchObject({ code: 403, msg });
    expect((await list()).code).toBe(200);
  });

  it('stop working once revoked (401), and stay listed as 已吊销', async () => {
    const { key, id } = await newKey(['read']);
    expect((await balance(key)).code).toBe(200);
    const revoked = await revoke(id);
    expect(revoked).toMatchObject({ code: 200, msg: 'API 密钥已吊销', data: { id, state: 'revoked' } });
    expect(await balance(key)).toMatchObject({ code: 401, msg: 'API 密钥已被吊销，请在「API 密钥」页面创建新的密钥' });
    expect((await revoke(id)).data.state).toBe('revoked');
    expect((await list()).data.list.find((item: { id: number }) => item.id === id)).toMatchObject({ state: 'revoked' });
    expect(await revoke(999_999)).toMatchObject({ code: 404, msg: 'API 密钥不存在' });
  });

  it('record the last use time and address, at most once a minute', async () => {
    const { key, id } = await newKey(['read']);
    const firstAt = t.clock.now().toISOString();
    await balance(key, '203.0.113.7');
    const viewOf = async () => (await list()).data.list.find((item: { id: number }) => item.id === id);
    expect(await viewOf()).toMatchObject({ lastUsedAt: firstAt, lastUsedIp: '203.0.113.7' });
    t.clock.advance(59_000);
    await balance(key, '198.51.100.9');
    expect(await viewOf()).toMatchObject({ lastUsedAt: firstAt, lastUsedIp: '203.0.113.7' });
    t.clock.advance(1_000);
    await balance(key, '198.51.100.9');
    expect(await viewOf()).toMatchObject({ lastUsedAt: t.clock.now().toISOString(), lastUsedIp: '198.51.100.9' });
  });

  it('have a rate limit of their own, counted per key', async () => {
    t.clock.advance(keyLimit.windowMs);
    const busy = (await newKey(['read'])).key;
    const other = (await newKey(['read'])).key;
    for (let i = 0; i < keyLimit.max; i++) expect((await balance(busy)).code).toBe(200);
    expect(await balance(busy)).toMatchObject({ code: 429, msg: '此 API 密钥调用过于频繁，请稍后再试' });
    expect((await balance(other)).code).toBe(200);
    expect((await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, main)).code).toBe(200);
    t.clock.advance(keyLimit.windowMs);
    expect((await balance(busy)).code).toBe(200);
  });

  it('a user has at most 20 live keys; a revoked one frees its place', async () => {
    const teacher = await login(t.app, demoAccounts.teacher, demoPassword);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await newKey(['read'], '30d', teacher)).id);
    expect(await create({ name: '第21个', scopes: ['read'], expiry: '30d' }, teacher)).toMatchObject({
      code: 409,
      msg: '每个账号最多同时有 20 个有效的 API 密钥，请先吊销不用的密钥',
    });
    await revoke(ids[0]!, teacher);
    expect((await create({ name: '第21个', scopes: ['read'], expiry: '30d' }, teacher)).code).toBe(200);
    expect(await revoke(ids[1]!)).toMatchObject({ code: 404 });
  });

  it('of a sub-account act as the sub-account, and only it sees and revokes them', async () => {
    const mobile = '13600000077';
    const added = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/ext/add/sub/user',
      { mobile, code: await requestSmsCode(t, mobile), password: 'Sub@pass1', nickname: '脚本子账号' },
      main,
    );
    expect(added.code).toBe(200);
    const sub = await login(t.app, mobile, 'Sub@pass1');
    main = await login(t.app, demoAccounts.user, demoPassword);
    const mainId = (await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, main)).data.id;
    const { key, id } = await newKey(['read'], '30d', sub);
    expect((await withKey(key, 'POST', '/apis/user/auth/user/ext/view')).data).toMatchObject({ id: added.data.id, parentId: mainId });
    expect((await list()).data.list.map((item: { id: number }) => item.id)).not.toContain(id);
    expect(await revoke(id)).toMatchObject({ code: 404 });
    expect((await revoke(id, sub)).data.state).toBe('revoked');
  });

  it('expire after the chosen time with 401', async () => {
    const { key, id } = await newKey(['read'], '30d');
    t.clock.advance(30 * 24 * 60 * 60_000 - 1000);
    expect((await balance(key)).code).toBe(200);
    t.clock.advance(1000);
    expect(await balance(key)).toMatchObject({ code: 401, msg: 'API 密钥已过期，请在「API 密钥」页面创建新的密钥' });
    main = await login(t.app, demoAccounts.user, demoPassword);
    expect((await list()).data.list.find((item: { id: number }) => item.id === id)).toMatchObject({ state: 'expired' });
  });
});

describe('the scope of every /auth/ route', () => {
  const authRoutes = () =>
    t.app.routeTable
      .filter((route) => route.url.includes('/auth/') && route.method !== 'HEAD')
      .map((route) => ({ method: route.method as Method, url: route.url }));

  it('is decided from the route table: no /auth/ route is left without one', () => {
    const routes = authRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(300);
    expect(routes.filter((route) => keyAccessOf(route.method, route.url) === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('is enforced on every route: a key without the scope gets 403 before anything else happens', async () => {
    main = await login(t.app, demoAccounts.user, demoPassword);
    const single = {
      read: (await newKey(['read'])).key,
      instance: (await newKey(['instance'])).key,
      storage: (await newKey(['storage'])).key,
      billing: (await newKey(['billing'])).key,
    };
    const notRefused: string[] = [];
    const anyKey: string[] = [];
    let calls = 0;
    for (const route of authRoutes()) {
      const access = keyAccessOf(route.method, route.url)!;
      const lacking = Object.entries(single).find(([scope]) => access === 'session' || !access.anyOf.includes(scope as never))?.[1];
      if (!lacking) {
        anyKey.push(route.url);
        continue;
      }
      if (++calls % keyLimit.max === 0) t.clock.advance(keyLimit.windowMs);
      const answer = await withKey(lacking, route.method, route.url.replace(/:(\w+)/g, '1'), route.method === 'GET' ? undefined : {});
      if (answer.code !== 403 || !answer.msg.includes('API 密钥'))
        notRefused.push(`${route.method} ${route.url} → ${answer.code} ${answer.msg}`);
    }
    expect(notRefused).toEqual([]);
    expect(anyKey).toEqual(['/apis/user/auth/user/apikey/whoami']);
  });

  it('is documented in OpenAPI with the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/apis/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/apis/container/auth/list'].post.security).toEqual([{ token: [] }, { apiKey: [] }]);
    expect(doc.paths['/apis/container/auth/list'].post.description).toContain('API 密钥需要权限：只读 或 实例');
    expect(doc.paths['/apis/user/auth/user/apikey/create'].post.security).toEqual([{ token: [] }]);
  });
});
