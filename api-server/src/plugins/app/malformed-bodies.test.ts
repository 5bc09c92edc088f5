import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  const roomy = { max: 100_000, windowMs: 60_000 };
  t = await createTestApp({
    config: {
      rateLimits: {
        loginPerIp: roomy,
        loginPerMobileIp: roomy,
        loginPerMobile: roomy,
        sendCodePerIp: roomy,
        sendCodePerMobile: roomy,
        addSubUserPerAccount: roomy,
        communityPost: roomy,
        communityPostNewAccount: roomy,
        communityComment: roomy,
        communityCommentNewAccount: roomy,
        sshPasswordPerIp: roomy,
        sshPasswordPerInstance: roomy,
        apiKey: roomy,
        shareCodePerLinkIp: roomy,
        shareCodePerIp: roomy,
      },
    },
  });
  token = await login(t.app, demoAccounts.user, demoPassword);
});
afterAll(() => t.close());

const huge = 'x'.repeat(2 * 1024 * 1024);
const oddValues: unknown[] = [null, 0, -1, 1.5, 1e308, true, '', ' ', 'x'.repeat(100_000), '\u0000\u202e', [], [1, 'a'], {}, { $gt: '' }];

function fieldsOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown>; allOf?: unknown[] } | undefined) ?? {};
  return [...Object.keys(properties.properties ?? {}), ...(properties.allOf ?? []).flatMap(fieldsOf)];
}

/** Raw bodies plus, for every field the route's schema names, each odd value in turn. */
function malformedBodies(fields: string[]): string[] {
  const bodies = [
    '',
    'not json',
    '{"unclosed":',
    '[]',
    '"text"',
    'null',
    '123',
    JSON.stringify({ extra: 'field', __proto__: { admin: true } }),
    huge,
  ];
  bodies.push(JSON.stringify(Object.fromEntries(fields.map((field) => [field, { nested: [1, 2] }]))));
  bodies.push(JSON.stringify({ ...Object.fromEntries(fields.map((field) => [field, '1'])), unexpected: 'extra' }));
  for (const field of fields) for (const value of oddValues) bodies.push(JSON.stringify({ [field]: value }));
  return bodies;
}

describe('every route with malformed input', () => {
  it('never answers a 5xx or code 500', async () => {
    const failures: string[] = [];
    let requests = 0;
    // The event stream answers a valid token with a stream that stays open; its input is the token and Last-Event-ID (push tests).
    const routes = t.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && !route.url.endsWith('/logout') && !route.url.endsWith('/auth/events'),
    );
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'x%00y').replace('*', 'a/../../etc/passwd');
      const query = ['', '?shopName=', `?shopName=${'y'.repeat(5000)}`, '?shopName[]=a&shopName[]=b', '?pageNum=abc'];
      // A GET sends no body: each of its odd query strings once, rather than once per body.
      const bodies =
        route.method === 'GET' ? [''] : malformedBodies([...fieldsOf(route.schema?.body), ...fieldsOf(route.schema?.querystring)]);
      for (const body of bodies) {
        for (const search of route.method === 'GET' ? query : [query[requests % query.length]!]) {
          requests += 1;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: url + search,
            headers: { token, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: body }),
          });
          const answer = response.headers['content-type']?.toString().includes('json') ? response.json() : { code: 200 };
          if (response.statusCode >= 500 || answer.code === 500)
            failures.push(
              `${route.method} ${url}${search.slice(0, 40)} ${body.slice(0, 60)} → ${response.statusCode}/${answer.code} ${answer.msg}`,
            );
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 240_000);

  it('names the invalid field in Chinese', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/user/certification',
      headers: { token },
      payload: { realName: '李明' },
    });
    expect(response.json()).toMatchObject({ code: 422, msg: '身份证号不能为空' });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/apis/user/api/user/login/password',
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(tooBig.statusCode).toBe(200);
    expect(tooBig.json()).toMatchObject({ code: 422, msg: '请求内容过大' });
  });
});
