import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { adminQuery, databaseUrl } from '../test-support/postgres-admin.js';
import { serverCommand } from '../test-support/server-command.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database, type DatabaseLocation } from '../db/open-database.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { demoAccounts } from './demo-data.js';

async function setPassword(db: Database, mobiles: string[], password: string) {
  const passwordHash = await hashPassword(password);
  for (const mobile of mobiles) await db.update(users).set({ passwordHash }).where(eq(users.mobile, mobile));
}

/** The same, on the database of a stopped server. */
async function setPasswordAt(location: DatabaseLocation, mobiles: string[], password: string) {
  const database = await openDatabase(location);
  await setPassword(database.db, mobiles, password).finally(() => database.close());
}

describe('config.json tells the portal why the site is a demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { payments: loadConfig({ SEED_DEMO_DATA: 'false' }).payments } });
  });
  afterAll(() => t.close());
  const demoSite = async (app = t.app) => (await app.inject({ method: 'GET', url: '/config.json' })).json().demoSite;

  it('names the sandbox cashier while it is on', async () => {
    const demo = await createTestApp();
    try {
      expect(demo.app.config.payments.sandbox).toBe(true);
      expect(await demoSite(demo.app)).toEqual({ paymentSandbox: true, publishedPassword: true });
    } finally {
      await demo.close();
    }
  }, 60_000);

  it('names accounts that keep the published demo password, until none does', async () => {
    expect(await demoSite()).toEqual({ paymentSandbox: false, publishedPassword: true });
    const mobiles = Object.values(demoAccounts);
    await setPassword(t.app.db, mobiles.slice(1), 'Changed@2026');
    t.clock.advance(60_001);
    expect(await demoSite()).toEqual({ paymentSandbox: false, publishedPassword: true });
    await setPassword(t.app.db, mobiles.slice(0, 1), 'Changed@2026');
    t.clock.advance(60_001);
    expect(await demoSite()).toEqual({ paymentSandbox: false, publishedPassword: false });
  });
});

/** A copy of the test run's seeded database, as a server process opens it (env), removed by `drop`. */
async function seededSite(): Promise<{ env: Record<string, string>; location: DatabaseLocation; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-demo-site-'));
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    fs.cpSync(path.join(template.dataDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    return { env: { DATA_DIR: dataDir }, location: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `rc_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template.adminUrl, `create database ${name} template ${template.name}`);
  const url = databaseUrl(template.adminUrl, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    location: { dataDir, databaseUrl: url },
    async drop() {
      await adminQuery(template.adminUrl, `drop database if exists ${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const pinoWarn = 40;

/** Starts server.ts until it listens, then stops it: the warnings about a demo site it logged meanwhile. */
async function demoWarningsAtStart(env: Record<string, string>): Promise<string[]> {
  const server = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, PORT: '0', SSH_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const entries: Array<{ level: number; msg: string }> = [];
  let pending = '';
  server.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines.filter((text) => text.startsWith('{'))) {
      const entry = JSON.parse(line) as { level: number; msg: string };
      entries.push(entry);
      if (entry.msg.startsWith('算力云 listening on')) server.kill('SIGTERM');
    }
  });
  const exitCode = await new Promise((resolve) => server.once('exit', resolve));
  expect(exitCode).toBe(0);
  expect(entries.some((entry) => entry.msg.startsWith('算力云 listening on'))).toBe(true);
  return entries.filter((entry) => entry.level === pinoWarn && /PAYMENT_SANDBOX|demo password/.test(entry.msg)).map((entry) => entry.msg);
}

describe('the start log of a site that is still a demo', () => {
  it('warns at every start while accounts keep the published demo password, and while the sandbox cashier is on', async () => {
    const site = await seededSite();
    try {
      const mobiles = Object.values(demoAccounts).sort();
      const passwordWarning = `accounts ${mobiles.join(', ')} still sign in with the published demo password: change their passwords or remove them`;
      const sandboxWarning = expect.stringContaining(
        'PAYMENT_SANDBOX is on: the sandbox cashier credits any recharge without moving money',
      );

      expect(await demoWarningsAtStart(site.env)).toEqual([passwordWarning]);
      expect(await demoWarningsAtStart({ ...site.env, PAYMENT_SANDBOX: 'true' })).toEqual([sandboxWarning, passwordWarning]);
      await setPasswordAt(site.location, mobiles, 'Changed@2026');
      expect(await demoWarningsAtStart(site.env)).toEqual([]);
    } finally {
      await site.drop();
    }
  }, 300_000);
});
