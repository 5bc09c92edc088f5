import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { defaultRateLimits } from '../../config.js';

let t: TestApp;
beforeAll(async () => {
  const roomy = { max: 1000, windowMs: 60_000 };
  t = await createTestApp({
    config: { rateLimits: { ...defaultRateLimits, loginPerIp: roomy, loginPerMobileIp: roomy, loginPerMobile: roomy } },
  });
});
afterAll(() => t.close());

function authRoutes() {
  const routes = t.app.routeTable.filter((route) => route.url.includes('/auth/') && route.method !== 'HEAD');
  return routes.map((route) => ({ method: route.method as 'GET' | 'POST', url: route.url.replace(/:(\w+)/g, '1') }));
}

async function codesFor(token: string | undefined) {
  const codes: Record<string, number> = {};
  for (const route of authRoutes()) {
    codes[`${route.method} ${route.url}`] = (await call(t.app, route.method, route.url, {}, token)).code;
  }
  return codes;
}

const everyRouteAnswers = (codes: Record<string, number>, expected: number) =>
  Object.entries(codes)
    .filter(([, code]) => code !== expected)
    .map(([route, code]) => `${route} → ${code}`);

describe('every /auth/ route in the route table', () => {
  it('covers the account, message, sub-account, lecturer and enum routes', () => {
    const urls = authRoutes().map((route) => route.url);
    expect(urls.length).toBeGreaterThanOrEqual(20);
    expect(urls).toContain('/apis/user/auth/user/ext/view');
    expect(urls).toContain('/apis/system/auth/api/enum/list/1');
  });

  it('refuses a missing token with 401', async () => {
    expect(everyRouteAnswers(await codesFor(undefined), 401)).toEqual([]);
  });

  it('refuses a malformed token with 401', async () => {
    expect(everyRouteAnswers(await codesFor('not a token'), 401)).toEqual([]);
    expect(everyRouteAnswers(await codesFor('A'.repeat(43)), 401)).toEqual([]);
  });

  it('refuses a revoked token with 401', async () => {
    const token = await login(t.app, demoAccounts.teacher, demoPassword);
    expect((await call(t.app, 'GET', '/apis/user/auth/user/logout', undefined, token)).code).toBe(200);
    expect(everyRouteAnswers(await codesFor(token), 401)).toEqual([]);
  });

  it('refuses a superseded token with 304', async () => {
    const token = await login(t.app, demoAccounts.organization, demoPassword);
    await login(t.app, demoAccounts.organization, demoPassword);
    expect(everyRouteAnswers(await codesFor(token), 304)).toEqual([]);
  });

  it('refuses an expired token with 401 once 24 hours have passed', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    t.clock.advance(24 * 60 * 60_000 - 1000);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token)).code).toBe(200);
    t.clock.advance(1000);
    expect(everyRouteAnswers(await codesFor(token), 401)).toEqual([]);
  });

  it('refuses a live token sent in the query string (it would reach access logs) with 401', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const codes: Record<string, number> = {};
    for (const route of authRoutes()) {
      const url = `${route.url}${route.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
      codes[`${route.method} ${route.url}`] = (await call(t.app, route.method, url, {})).code;
    }
    expect(everyRouteAnswers(codes, 401)).toEqual([]);
  });
});

describe('every form-post download route (tokenInFormBody)', () => {
  const formRoutes = () => t.app.routeTable.filter((route) => route.config?.tokenInFormBody).map((route) => `${route.method} ${route.url}`);
  const formPost = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const codesFor = async (send: (url: string, token: string) => Promise<{ json(): { code: number } }>) => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const codes: Record<string, number> = {};
    for (const route of formRoutes()) codes[route] = (await send(route.slice('POST '.length), token)).json().code;
    expect(Object.keys(codes)).toHaveLength(8);
    return codes;
  };

  it('are the POST downloads of invoices, bill exports, exam score exports, stored files, course attachments, the net disk and application logs', () => {
    expect(formRoutes().sort()).toEqual([
      'POST /apis/course/auth/course/accessory/download',
      'POST /apis/exam/auth/grade/exam/score/export',
      'POST /apis/exam/auth/grade/gradebook/export',
      'POST /apis/net-disk/auth/download',
      'POST /apis/orion/auth/file/download',
      'POST /apis/user/auth/bill/export',
      'POST /apis/user/auth/invoice/pdf',
      'POST /apis/user/auth/user/instance/app/log/download',
    ]);
  });

  it('take the token as a hidden form field: the request passes authentication and reaches the route', async () => {
    const codes = await codesFor((url, token) => formPost(url, { token }));
    expect(Object.entries(codes).filter(([, code]) => code === 401 || code === 304)).toEqual([]);
  });

  it('refuse the same token in the query string with 401, even with the form fields in the body', async () => {
    const codes = await codesFor((url, token) =>
      formPost(`${url}?token=${encodeURIComponent(token)}`, { id: '1', path: 'a.bin', format: 'csv' }),
    );
    expect(everyRouteAnswers(codes, 401)).toEqual([]);
  });

  it('refuse a missing, malformed or revoked token in the form with 401', async () => {
    const revoked = await login(t.app, demoAccounts.teacher, demoPassword);
    expect((await call(t.app, 'GET', '/apis/user/auth/user/logout', undefined, revoked)).code).toBe(200);
    for (const fields of [{}, { token: 'not a token' }, { token: revoked }] as Record<string, string>[]) {
      const codes: Record<string, number> = {};
      for (const route of formRoutes()) codes[route] = (await formPost(route.slice('POST '.length), fields)).json().code;
      expect(Object.keys(codes)).toHaveLength(8);
      expect(everyRouteAnswers(codes, 401)).toEqual([]);
    }
  });
});
