import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Clock } from '../clock.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type OpenDatabase } from '../db/index.js';
import type { LogDestination } from '../observability/index.js';
import { adminQuery, databaseUrl, dropDatabaseWhenFree } from './postgres-admin.js';

export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  dataDir: string;
  /** The PostgreSQL database of this app, when the run is on PostgreSQL (for a second app on the same data). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** A PostgreSQL database of its own for one test file, copied from the run's template database. */
async function postgresDatabaseFrom(template: { adminUrl: string; name: string }) {
  const { adminUrl } = template;
  const name = `rc_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template.name}`);
  return {
    url: databaseUrl(adminUrl, name),
    /** Waits for the app's closing connections instead of killing them (which they would report). */
    drop: () => dropDatabaseWhenFree(adminUrl, name),
  };
}

/**
 * The real server on a fresh database (PGlite in a new folder, or a new PostgreSQL database when
 * DATABASE_URL is set) copied from the run's migrated template with the demo data, and a clock the test moves by hand.
 * No log unless `logTo` is given.
 */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; beforeReady?: (app: FastifyInstance) => void; logTo?: LogDestination } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-test-'));
  const template = inject('databaseTemplate');
  const postgres = template.kind === 'postgres' ? await postgresDatabaseFrom(template) : undefined;
  if (template.kind === 'pglite') fs.cpSync(path.join(template.dataDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const config: AppConfig = { ...loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }), ...options.config };
  const database: OpenDatabase = await openDatabase({ dataDir, databaseUrl: postgres?.url });
  const clock = new ManualClock();
  const app = await buildApp({ config, db: database.db, clock, logger: options.logTo ?? false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    clock,
    dataDir,
    databaseUrl: postgres?.url,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = any> {
  code: number;
  data: T;
  msg: string;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
): Promise<Answer<T>> {
  const response = await app.inject({ method, url, payload: body as object | undefined, headers: token ? { token } : {} });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered HTTP ${response.statusCode}`);
  return response.json();
}

export async function login(app: FastifyInstance, mobile: string, password: string): Promise<string> {
  const answer = await call(app, 'POST', '/apis/user/api/user/login/password', { mobile, password });
  if (answer.code !== 200) throw new Error(`login ${mobile} failed: ${answer.msg}`);
  return answer.data.token;
}

/** The newest SMS code the outbox provider wrote for this number. */
export function lastSmsCode(dataDir: string, mobile: string): string {
  const lines = fs.readFileSync(path.join(dataDir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
  const messages = lines.map((line) => JSON.parse(line)).filter((message) => message.mobile === mobile);
  const last = messages.at(-1);
  if (!last) throw new Error(`no SMS sent to ${mobile}`);
  return last.code;
}

/** Asks the server for a code of `type` for `mobile` and reads it from the outbox (the clock first moves past the one-a-minute send limit). */
export async function requestSmsCode(t: TestApp, mobile: string, type = 'bind'): Promise<string> {
  t.clock.advance(60_000);
  const sent = await call(t.app, 'POST', '/apis/user/api/user/send/code', { mobile, type });
  if (sent.code !== 200) throw new Error(`sending a code to ${mobile} failed: ${sent.msg}`);
  return lastSmsCode(t.dataDir, mobile);
}
