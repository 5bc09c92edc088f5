/**
 * Bill figures (not a test): a user with 1,000,000 bill lines over the past year; the bill list's first
 * page and a deep page (page 1,000), the list filtered to one month, and the monthly statements (list and
 * one month by resource), each through the real route (`app.inject`), p50/p99 ms. Prints the plans of
 * the list and the statement. PGlite in a temp folder, or PostgreSQL when TEST_POSTGRES_URL or
 * DATABASE_URL is set: a throwaway database (scripts/with-postgres.sh makes one), which it fills.
 *   npx tsx bench/bill-list.ts [runs]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api-server/src/app.js';
import { ManualClock } from '../api-server/src/test-support/test-app.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase } from '../api-server/src/db/open-database.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { percentile, query } from './bench-kit.js';

const runs = Number(process.argv[2] ?? 50);
const lines = 1_000_000;
const serverUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-bills-'));

const opened = await openDatabase({ dataDir, databaseUrl: serverUrl });
try {
  const db = opened.db;
  await seedDemoData(db);
  const now = new Date();
  const started = Date.now();
  // One line every ~31.5 s over the past year, in batches so PGlite's memory stays flat.
  const step = Math.floor((365 * 86_400) / lines);
  for (let from = 1; from <= lines; from += 100_000) {
    await query(
      db,
      `insert into bills (user_id, instance_id, ledger_entry_id, kind, product, amount, seconds, day_rate, period_start, period_end, note, created_at)
       select u.id, 1 + g % 7, g, 'usage', 'gpu', 33 + g % 5, 60, 47520,
              '${now.toISOString()}'::timestamptz - (g * ${step} + 60) * interval '1 second',
              '${now.toISOString()}'::timestamptz - g * ${step} * interval '1 second', '实例按量计费',
              '${now.toISOString()}'::timestamptz - g * ${step} * interval '1 second'
       from generate_series(${from}, ${Math.min(lines, from + 99_999)}) g, (select id from users where mobile = '13800000001') u`,
    );
  }
  await query(db, 'vacuum analyze bills');
  await query(db, 'analyze bill_days');
  const seededIn = (Date.now() - started) / 1000;

  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }),
    db,
    clock: new ManualClock(now.getTime()),
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/apis/user/api/user/login/password',
    payload: { mobile: '13800000001', password: 'Demo@2026' },
  });
  const token = login.json().data.token as string;
  const month = new Date(now.getTime() + 8 * 3_600_000 - 40 * 86_400_000).toISOString().slice(0, 7);
  const monthStart = new Date(`${month}-01T00:00:00+08:00`).toISOString();
  const monthEnd = new Date(new Date(monthStart).getTime() + 28 * 86_400_000).toISOString();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape; the checks read one field
  const timed = async (title: string, url: string, payload: object, check: (data: any) => boolean) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const t0 = performance.now();
      const answer = await app.inject({ method: 'POST', url, payload, headers: { token } });
      const elapsed = performance.now() - t0;
      const body = answer.json();
      if (body.code !== 200 || !check(body.data)) throw new Error(`${title}: ${JSON.stringify(body).slice(0, 300)}`);
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    return { title, p50: percentile(times, 50), p99: percentile(times, 99) };
  };

  const exportTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const file = await app.inject({
      method: 'POST',
      url: '/apis/user/auth/bill/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ format: 'csv', startTime: monthStart, endTime: monthEnd, token }).toString(),
    });
    exportTimes.push(performance.now() - t0);
    if (!String(file.headers['content-type']).startsWith('text/csv')) throw new Error(`export: ${file.body.slice(0, 300)}`);
  }
  const figures = [
    await timed(
      'bill/list page 1',
      '/apis/user/auth/bill/list',
      { pageNum: 1, pageSize: 10 },
      (d) => d.total === lines && d.list.length === 10,
    ),
    await timed('bill/list page 1,000', '/apis/user/auth/bill/list', { pageNum: 1000, pageSize: 10 }, (d) => d.list.length === 10),
    await timed(
      'bill/list one month, page 1',
      '/apis/user/auth/bill/list',
      { pageNum: 1, pageSize: 10, startTime: monthStart, endTime: monthEnd },
      (d) => d.list.length === 10,
    ),
    await timed('bill/statement/list (12 months)', '/apis/user/auth/bill/statement/list', {}, (d) => d.length >= 12),
    await timed('bill/statement/view (one month)', '/apis/user/auth/bill/statement/view', { month }, (d) => d.totals.lines > 0),
  ];

  const plan = async (sql: string) => (await query(db, `explain ${sql}`)).map((row) => Object.values(row)[0]).join('\n  ');
  const userId = (await query(db, `select id from users where mobile = '13800000001'`))[0]!.id;
  console.log(
    `\nplan, bill list page:\n  ${await plan(`select * from bills where user_id = ${userId} order by created_at desc, id desc limit 10 offset 9990`)}`,
  );
  console.log(
    `plan, statement month:\n  ${await plan(`select instance_id, sum(lines), sum(charged) from bill_days where user_id = ${userId} and product = 'gpu' and day >= '${month}-01' and day < '${month}-28' group by instance_id`)}`,
  );

  console.log(
    `\n${serverUrl ? 'PostgreSQL' : 'PGlite'}, ${lines.toLocaleString('en')} bill lines for one user (seeded in ${seededIn.toFixed(1)} s), ${runs} runs each, ${os.cpus().length} cores`,
  );
  console.log(`bill/export one month (~80k lines, CSV)  best of 3 ${Math.min(...exportTimes).toFixed(0)} ms`);
  for (const f of figures)
    console.log(`${f.title.padEnd(34)} p50 ${f.p50.toFixed(1).padStart(7)} ms   p99 ${f.p99.toFixed(1).padStart(7)} ms`);
  await app.close();
} finally {
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
