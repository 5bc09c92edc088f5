import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { defaultRateLimits } from '../../config.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  const roomy = { max: 100_000, windowMs: 60_000 };
  t = await createTestApp({
    config: { rateLimits: { ...defaultRateLimits, loginPerIp: roomy, loginPerMobileIp: roomy, loginPerMobile: roomy } },
  });
  token = await login(t.app, demoAccounts.user, demoPassword);
});
afterAll(() => t.close());

interface Schema {
  type?: string;
  title?: string;
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  /** One schema for every item, or one per position (a tuple). */
  items?: Schema | Schema[];
  minItems?: number;
}

/** A valid value for each pattern our schemas use. */
const patternExamples: Record<string, string> = {
  '^1[3-9]\\d{9}$': '13900000009',
  '^\\d{6}$': '123456',
  '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]+$': 'Abcdef12',
  '^[A-Z0-9]{8}$': 'ABCDEFGH',
  '^(https?://|/)\\S*$': '/x',
  '^https?://\\S+$': 'https://live.example.com/room',
  '^[\\u4e00-\\u9fa5·]{2,20}$': '李明',
  '^\\d{17}[\\dXx]$': '11010519491231002X',
  '^[a-z0-9-]+$': 'cn-east-1',
  '^[a-z0-9-]*$': 'bj-a',
  '^[a-z][a-z0-9-]*$': 'a',
  '^[0-9a-fA-F]{32}$': 'a'.repeat(32),
  '^[0-9a-f-]{36}$': '00000000-0000-0000-0000-000000000000',
  '^[A-Za-z0-9_-]+$': 'request-key-1',
  '^\\d{1,2}\\.\\d{1,2}$': '12.1',
  '^(/apis/[\\x21-\\x7e]+)?$': '',
  '^[0-9a-f]{32}\\.(png|jpg|webp)$': `${'a'.repeat(32)}.png`,
  '^[0-9a-f]{64}\\.(png|jpg|webp)$': `${'a'.repeat(64)}.png`,
  '^[A-Za-z0-9_.\\-\\u4e00-\\u9fa5]+$': 'job-1',
  '^[A-Za-z0-9_.\\-%]+$': 'slurm-%j.out',
};

function validValue(schema: Schema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return validValue(schema.anyOf[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(validValue));
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.pattern) {
        const example = patternExamples[schema.pattern];
        if (example === undefined) throw new Error(`no example for the pattern ${schema.pattern}`);
        return example;
      }
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'array':
      if (Array.isArray(schema.items)) return schema.items.map(validValue);
      return Array.from({ length: schema.minItems ?? 1 }, () => validValue(schema.items as Schema));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, validValue(schema.properties![key]!)]));
    default:
      throw new Error(`no valid value for ${JSON.stringify(schema)}`);
  }
}

/** Top-level fields of an object schema (through allOf and anyOf), with their schemas. */
function fieldsOf(schema: Schema | undefined): Array<[string, Schema]> {
  if (!schema) return [];
  return [...Object.entries(schema.properties ?? {}), ...[...(schema.allOf ?? []), ...(schema.anyOf ?? [])].flatMap(fieldsOf)];
}

const isInteger = (schema: Schema) =>
  schema.type === 'integer' || (schema.type === 'array' && !Array.isArray(schema.items) && schema.items?.type === 'integer');

describe('numbers that are not finite', () => {
  it('every integer field of every route refuses "Infinity" and "1e999" with code 422 naming the field', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of t.app.routeTable.filter((r) => r.method !== 'HEAD')) {
      const schema = route.schema as Record<'body' | 'querystring' | 'params', Schema | undefined> | undefined;
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const [field, fieldSchema] of fieldsOf(schema?.[part])) {
          if (!isInteger(fieldSchema)) continue;
          for (const hostile of ['Infinity', '-Infinity', '1e999', '-1e999']) {
            checked += 1;
            const inputs = {
              body: schema?.body ? (validValue(schema.body) as Record<string, unknown>) : undefined,
              querystring: schema?.querystring ? (validValue(schema.querystring) as Record<string, unknown>) : {},
              params: schema?.params ? (validValue(schema.params) as Record<string, unknown>) : {},
            };
            inputs[part]![field] = fieldSchema.type === 'array' ? [hostile] : hostile;
            const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(inputs.params[name])));
            const search = new URLSearchParams(Object.entries(inputs.querystring).map(([key, value]) => [key, String(value)])).toString();
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: search ? `${url}?${search}` : url,
              headers: { token },
              ...(inputs.body ? { payload: inputs.body } : {}),
            });
            const expected = { code: 422, msg: `${fieldSchema.title ?? field}应为有限的数字` };
            const answer = response.json();
            if (answer.code !== expected.code || answer.msg !== expected.msg)
              wrong.push(`${route.method} ${route.url} ${part}.${field}=${hostile} → ${answer.code} ${answer.msg}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** Instances' pages and calls pass through untouched, on their own origin (compute/instance-pages/): they are the instance's, not the API's. */
const jupyterProxy = (url: string) => url.startsWith('/instance-page-host/');

describe('a body nested deeper than any schema', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('is refused with code 422 on every route that takes a body, at 10,000 levels and just past the cap', async () => {
    const wrong: string[] = [];
    const routes = t.app.routeTable.filter((route) => !['GET', 'HEAD'].includes(route.method) && !jupyterProxy(route.url));
    for (const route of routes) {
      for (const body of [nested(10_000), `{"a":${nested(10_000)}}`, nested(65)]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:(\w+)/g, '1'),
          headers: { token, 'content-type': 'application/json' },
          payload: body,
        });
        const answer = response.json();
        if (response.statusCode !== 200 || answer.code !== 422 || answer.msg !== '请求内容嵌套层级过深（最多64层）') {
          wrong.push(`${route.method} ${route.url} ${body.length} → ${response.statusCode} ${answer.code} ${answer.msg}`);
        }
      }
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('is read as usual up to the cap', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apis/user/api/user/login/password',
      headers: { 'content-type': 'application/json' },
      payload: `{"mobile":"${demoAccounts.user}","password":"${demoPassword}","extra":${nested(63)}}`,
    });
    expect(response.json()).toMatchObject({ code: 200, msg: '登录成功' });
  });
});

describe('text that is not Unicode', () => {
  it('refuses a lone UTF-16 surrogate in any string of a body or a query string with code 422', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    for (const text of ['\ud800', 'a\udfffb', 'name\ud83d.bin']) {
      const body = await t.app.inject({
        method: 'POST',
        url: '/apis/user/auth/user/ext/update',
        headers: { token },
        payload: { nickname: text },
      });
      expect(body.json()).toMatchObject({ code: 422, msg: '请求参数包含非法字符' });
    }
    const query = await t.app.inject({ method: 'POST', url: '/apis/user/api/user/check/shopName?shopName=%ED%A0%80ab' });
    expect(query.json().code).not.toBe(500);
    const pair = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/user/ext/update',
      headers: { token },
      payload: { nickname: '名字😀' },
    });
    expect(pair.json().code).toBe(200);
  });
});

describe('malformed URLs', () => {
  it('answer in the envelope with code 422, for every route with a path parameter and for unknown paths', async () => {
    const wrong: string[] = [];
    const parametric = t.app.routeTable.filter((route) => route.url.includes('/:') && route.method !== 'HEAD' && !jupyterProxy(route.url));
    const urls = [
      ...parametric.flatMap((route) => [
        { method: route.method, url: route.url.replace(/:(\w+)/g, '%E0%A4%A'), msg: '请求地址格式不正确' },
        // Where a catch-all route takes the over-long path instead, it is not found: in the envelope as well.
        {
          method: route.method,
          url: route.url.replace(/:(\w+)/g, '1'.repeat(200)),
          msg: route.method === 'GET' ? '接口不存在' : '请求地址过长',
        },
      ]),
      { method: 'GET', url: '/apis/no/such/%E0%A4%A', msg: '请求地址格式不正确' },
      { method: 'POST', url: '/apis/orion/auth/file/%ff', msg: '请求地址格式不正确' },
    ];
    for (const { method, url, msg } of urls) {
      const response = await t.app.inject({ method: method as 'GET', url });
      const answer = response.headers['content-type']?.toString().includes('json')
        ? response.json()
        : { code: response.statusCode, msg: response.body };
      if (
        response.statusCode !== 200 ||
        answer.code !== (msg === '接口不存在' ? 404 : 422) ||
        answer.msg !== msg ||
        !response.headers['x-request-id']
      ) {
        wrong.push(`${method} ${url.slice(0, 60)} → ${response.statusCode} ${answer.code} ${String(answer.msg).slice(0, 60)}`);
      }
    }
    expect(parametric.length).toBeGreaterThan(2);
    expect(wrong).toEqual([]);
  });
});

describe('malformed query strings', () => {
  it('are answered as a refusal or ignored on every GET route and static path, never with a server error', async () => {
    const wrong: string[] = [];
    const routes = t.app.routeTable.filter((route) => route.method === 'GET' && !jupyterProxy(route.url) && !route.url.includes('*'));
    const paths = [
      ...routes.map((route) => route.url.replace(/:(\w+)/g, '1')),
      ...['/config.json', '/', '/index.html', '/modules/x.js', '/static/placeholder.html', '/favicon.ico', '/some/page', '/apis/nothing'],
    ];
    for (const path of paths) {
      for (const query of ['x=%00', 'x=%ff%fe', 'x=%E0%A4%A', 'x[y]=%00&x=1', '%00=1']) {
        const response = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: { token } });
        const json = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
        // Fastify's own error body carries `statusCode`; the envelope's code 500 is a server error too.
        if (response.statusCode >= 500 || (json && ('statusCode' in json || json.code === 500)))
          wrong.push(`${path}?${query} → ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    }
    expect(routes.length).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('a multipart content type over a body that is not multipart', () => {
  const field = (name: string, value: string | number) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = Object.entries({
    filename: 'a.bin',
    identifier: 'a'.repeat(32),
    chunkSize: 65536,
    totalSize: 65536,
    totalChunks: 1,
    chunkNumber: 1,
  })
    .map(([name, value]) => field(name, value))
    .join('');
  const bodies: Array<[string, string]> = [
    ['multipart/form-data; boundary=xyz', 'not multipart at all'],
    ['multipart/form-data; boundary=xyz', '--xyz\r\nbroken'],
    ['multipart/form-data; boundary=xyz', field('filename', 'a.bin').slice(0, -2)],
    [
      'multipart/form-data; boundary=xyz',
      `${fields}--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nonly a few bytes`,
    ],
    ['multipart/form-data', 'no boundary'],
  ];

  it('is refused with code 422 by both chunk routes', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const wrong: string[] = [];
    for (const url of ['/apis/orion/auth/file/chunk', '/apis/vod/auth/videoInfo/upload']) {
      for (const [contentType, payload] of bodies) {
        const response = await t.app.inject({ method: 'POST', url, headers: { token, 'content-type': contentType }, payload });
        const answer = response.json();
        if (answer.code !== 422) wrong.push(`${url} ${JSON.stringify(payload.slice(-30))} → ${answer.code} ${answer.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is refused with code 422 by a route that takes JSON, which parses no multipart at all', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const form = `${fields}--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nbytes\r\n--xyz--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/apis/container/auth/list',
      headers: { token, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: form,
    });
    expect(response.json()).toEqual({ code: 422, data: null, msg: '请求格式不正确' });
  });

  it('is refused with code 422 by the blog image, course cover and course attachment uploads', async () => {
    const teacher = await login(t.app, demoAccounts.teacher, demoPassword);
    const wrong: string[] = [];
    const urls = [
      '/apis/community/auth/blog/image/upload',
      '/apis/course/auth/course/cover/upload',
      '/apis/course/auth/course/accessory/save',
    ];
    for (const url of urls) {
      for (const [contentType, payload] of bodies) {
        const response = await t.app.inject({ method: 'POST', url, headers: { token: teacher, 'content-type': contentType }, payload });
        const answer = response.json();
        if (answer.code !== 422) wrong.push(`${url} ${JSON.stringify(payload.slice(-30))} → ${answer.code} ${answer.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
