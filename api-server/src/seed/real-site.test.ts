import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseLocation } from '../db/open-database.js';
import { computeNodes, users, website } from '../db/schema.js';
import { adminQuery, databaseUrl } from '../test-support/postgres-admin.js';
import { lastSmsCode } from '../test-support/test-app.js';
import { ServerProcess } from '../test-support/server-process.js';
import { accountsWithDemoPassword } from './demo-site.js';
import { demoAccounts, demoPassword } from './demo-data.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-real-site-'));
// An empty database of the run's kind: a fresh PGlite folder, or on PostgreSQL a new database with no tables.
const template = inject('databaseTemplate');
const emptyDatabase = `rc_real_site_${randomBytes(6).toString('hex')}`;
const location: DatabaseLocation =
  template.kind === 'postgres' ? { dataDir, databaseUrl: databaseUrl(template.adminUrl, emptyDatabase) } : { dataDir };
const siteEnv = { SEED_DEMO_DATA: 'false', ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}) };
let server: ServerProcess | undefined;
beforeAll(async () => {
  if (template.kind === 'postgres') await adminQuery(template.adminUrl, `create database ${emptyDatabase}`);
});
afterAll(async () => {
  await server?.stop();
  if (template.kind === 'postgres') await adminQuery(template.adminUrl, `drop database if exists ${emptyDatabase} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

type Answer<T = any> = { code: number; data: T; msg: string };

async function call<T = any>(method: 'GET' | 'POST', route: string, body?: unknown, token?: string): Promise<Answer<T>> {
  const response = await fetch(`${server!.apiBase}${route}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, route).toBe(200);
  return (await response.json()) as Answer<T>;
}

const newMobile = '13912340001';

describe('a real site (SEED_DEMO_DATA=false) started on an empty database', () => {
  it('serves the portal its site, navigation and catalogue, has no demo account nor sandbox, and lets a new user register', async () => {
    server = await ServerProcess.start({ dataDir, env: siteEnv });

    const config = await fetch(`${server.url}/config.json`);
    expect(config.status).toBe(200);
    expect((await config.json()).demoSite).toEqual({ paymentSandbox: false, publishedPassword: false });
    const site = await call('POST', '/system/api/website/get');
    expect(site).toMatchObject({ code: 200, data: { copyright: '© 算力云', icp: '', hotline: '' } });
    const navigation = await call<Array<{ navTitle: string }>>('POST', '/system/api/nav/bar/list', {});
    expect(navigation.data.map((item) => item.navTitle)).toContain('算力市场');

    for (const mobile of Object.values(demoAccounts)) {
      expect((await call('POST', '/user/api/user/login/password', { mobile, password: demoPassword })).code).not.toBe(200);
    }

    expect((await call('POST', '/user/api/user/send/code', { mobile: newMobile, type: 'register' })).code).toBe(200);
    const registered = await call('POST', '/user/api/user/register', {
      mobile: newMobile,
      code: lastSmsCode(dataDir, newMobile),
      password: 'First@pass1',
      nickname: '新用户',
    });
    expect(registered).toMatchObject({ code: 200, data: { userInfo: { nowMoney: 0 } } });
    const token = (await call('POST', '/user/api/user/login/password', { mobile: newMobile, password: 'First@pass1' })).data
      .token as string;

    expect((await call('GET', '/system/auth/api/enum/list/OrderStatusEnum', undefined, token)).data.length).toBeGreaterThan(0);
    expect((await call('GET', '/node/auth/region/list-enable', undefined, token)).data.length).toBeGreaterThan(0);
    expect((await call('GET', '/image/auth/allSys', undefined, token)).data.length).toBeGreaterThan(0);
    expect((await call('POST', '/user/auth/recharge/options', {}, token)).data.methods).toEqual([]);
  }, 180_000);

  it('starts again on the same data without writing its base data twice, and holds only the registered account, no GPU node', async () => {
    await server!.stop();
    server = await ServerProcess.start({ dataDir, env: siteEnv });
    expect((await call('POST', '/system/api/website/get')).code).toBe(200);
    await server.stop();
    server = undefined;

    const database = await openDatabase(location);
    try {
      expect(await database.db.select({ mobile: users.mobile }).from(users)).toEqual([{ mobile: newMobile }]);
      expect(await accountsWithDemoPassword(database.db)).toEqual([]);
      expect(await database.db.select({ sites: count() }).from(website)).toEqual([{ sites: 1 }]);
      expect(await database.db.select({ nodes: count() }).from(computeNodes)).toEqual([{ nodes: 0 }]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
