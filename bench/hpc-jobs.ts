/**
 * HPC job figures (not a test), on the simulated cluster through the real routes (`app.inject`):
 *  1. 1,000 jobs submitted by 100 users, 20 at a time: submit p50/p99 (checks, estimate against the balance, the
 *     scheduler's queue);
 *  2. one sync pass with 1,000 active jobs (the queue read, states followed);
 *  3. the pass that ends and charges all 1,000 once the simulated clock has played them out: jobs charged per
 *     second, with a check that every job has exactly one bill line and the books balance;
 *  4. the job list (active and history) p50/p99.
 * PGlite in a temp folder, or PostgreSQL when TEST_POSTGRES_URL or DATABASE_URL is set (a throwaway database).
 *   npx tsx bench/hpc-jobs.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api-server/src/app.js';
import { startSession } from '../api-server/src/accounts/sessions.js';
import { createAccount } from '../api-server/src/accounts/accounts.js';
import { applyLedgerEntry, checkLedger } from '../api-server/src/billing/ledger.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase } from '../api-server/src/db/open-database.js';
import { hpcAccounts } from '../api-server/src/db/schema.js';
import { HpcAccountStatus, unixNameOf } from '../api-server/src/hpc/account-status.js';
import { clusterAccountOf } from '../api-server/src/hpc/cluster-paths.js';
import { runJobSync } from '../api-server/src/hpc/job-sync.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { ManualClock } from '../api-server/src/test-support/test-app.js';
import { percentile, query } from './bench-kit.js';

const userCount = 100;
const jobsPerUser = 10;
const concurrency = 20;
const serverUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-hpc-'));

const ms = (value: number) => value.toFixed(1);
const summary = (times: number[]) => {
  times.sort((a, b) => a - b);
  return `p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms`;
};

async function inParallel(jobs: number, job: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < jobs; index = next++) await job(index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const opened = await openDatabase({ dataDir, databaseUrl: serverUrl });
try {
  const db = opened.db;
  await seedDemoData(db);
  const clock = new ManualClock(Date.now());
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }), db, clock, logger: false });
  await app.ready();
  const [local] = await query(db, `select id from hpc_clusters where kind = 'local'`);
  const cluster = { id: Number(local!.id), kind: 'local' };
  const scheduler = await app.hpc.schedulerOf(cluster.id);

  const tokens: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const user = await createAccount(db, { mobile: `1369999${String(i).padStart(4, '0')}`, passwordHash: 'x', nickname: `超算${i}` });
    await applyLedgerEntry(db, { userId: user.id, amount: 1_000_000, kind: 'grant', note: '压测', at: clock.now() });
    const [account] = await db
      .insert(hpcAccounts)
      .values({
        userId: user.id,
        clusterId: cluster.id,
        status: HpcAccountStatus.open,
        unixName: unixNameOf(app.hpc.settings.accountPrefix, user.id),
        home: '/',
        scratch: '/scratch',
        appliedAt: clock.now(),
        openedAt: clock.now(),
      })
      .returning();
    await scheduler.ensureAccount(clusterAccountOf(cluster, account!));
    tokens.push(await startSession(app, user.id, { ip: '127.0.0.1', userAgent: 'bench' }));
  }

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const answer = await app.inject({ method, url: `/apis/hpc${url}`, headers: { token }, payload });
    const body = answer.json();
    if (body.code !== 200) throw new Error(`${url}: ${answer.body.slice(0, 300)}`);
    return body.data;
  };

  const total = userCount * jobsPerUser;
  const submitTimes: number[] = [];
  await inParallel(total, async (index) => {
    const t0 = performance.now();
    await call('POST', '/auth/job/submit', tokens[index % userCount]!, {
      clusterId: cluster.id,
      name: `bench-${index}`,
      partition: 'cpu',
      nodes: 1,
      tasks: 1,
      cpusPerTask: 1,
      gpus: 0,
      memoryMb: 1000,
      timeLimitMinutes: 10,
      workDir: '/',
      outputFile: 'slurm-%j.out',
      script: 'echo start\nsleep 60\necho done\n',
    });
    submitTimes.push(performance.now() - t0);
  });
  console.log(`submit ${total} jobs (${concurrency} at a time): ${summary(submitTimes)}`);

  clock.advance(10_000);
  let t0 = performance.now();
  await runJobSync(app);
  console.log(`sync pass over ${total} active jobs (states followed): ${ms(performance.now() - t0)} ms`);

  const listTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await call('POST', '/auth/job/list', tokens[i % userCount]!, { scope: i % 2 ? 'active' : 'history', pageNum: 1, pageSize: 10 });
    listTimes.push(performance.now() - started);
  }
  console.log(`job list (active / history, 10 a page): ${summary(listTimes)}`);

  clock.advance(3_600_000);
  t0 = performance.now();
  const { ended } = await runJobSync(app);
  const seconds = (performance.now() - t0) / 1000;
  console.log(`the pass that ends and charges ${ended} jobs: ${seconds.toFixed(1)} s = ${(ended / seconds).toFixed(0)} jobs/s`);

  const [lines] = await query(
    db,
    `select count(*)::int as n, count(distinct note)::int as distinct_notes from bills where product = 'hpc'`,
  );
  const books = await checkLedger(db);
  console.log(
    `bill lines: ${lines!.n} for ${total} jobs (${lines!.distinct_notes} distinct); trial balance ${books.trialBalance}, ` +
      `${books.mismatches.length} balance mismatches`,
  );
  await app.close();
} finally {
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
