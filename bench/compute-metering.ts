/**
 * Compute figures (not a test):
 *  1. the instance list call for a user with 10,000 instances: req/s and p99 against the server
 *     running as its own process;
 *  2. one metering pass over 100,000 running pay-as-you-go instances (20,000 users × 5), timed
 *     in-process, with a check that every charge landed in the ledger.
 * PGlite in a temp folder, or PostgreSQL when DATABASE_URL is set.
 *   npx tsx bench/compute-metering.ts [seconds] [connections]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../api-server/src/app.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase, type Database } from '../api-server/src/db/open-database.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { meterRunningInstances } from '../api-server/src/compute/scheduler.js';
import { ServerProcess } from '../api-server/src/test-support/server-process.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const listInstances = 10_000;
const meteredUsers = 20_000;
const perUser = 5;
const dayRate = 24 * 1980;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-compute-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
/** Raw SQL on the driver's own client (PGlite or a pg Pool; both answer `{ rows }`): drizzle-orm stays inside api-server. */
async function query(db: Database, text: string) {
  const client = (db as unknown as { $client: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  return (await client.query(text)).rows;
}

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const opened = await openDatabase({ dataDir, databaseUrl });
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

/** `count` stopped instances (not metered) owned by the demo user, on one seeded node. */
async function insertListInstances(db: Database) {
  await query(
    db,
    `
    insert into instances (user_id, name, node_id, region_code, gpu_model_id, gpu_count, status, billing_type, image_id, image_name,
                           ssh_host, ssh_port, ssh_password, jupyter_token, stopped_at)
    select u.id, 'bench-' || g, n.id, n.region_code, n.gpu_model_id, 1, 4, 1, 1, 'PyTorch 2.3.0', n.ssh_host, 20000 + g % 40000, 'benchpassword0000', md5(g::text), now()
    from generate_series(1, ${listInstances}) g, (select id from users where mobile = '13800000001') u, (select * from compute_nodes order by id limit 1) n`,
  );
}

async function listFigures() {
  const server = await ServerProcess.start({ dataDir });
  try {
    const login = await fetch(`${server.apiBase}/user/api/user/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
    }).then((r) => r.json());
    const options = {
      url: `${server.apiBase}/container/auth/list`,
      method: 'POST' as const,
      headers: { token: login.data.token, 'content-type': 'application/json' },
      body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
      connections,
      verifyBody: (body: string | Buffer | undefined) => String(body).startsWith('{"code":200'),
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: seconds });
    return {
      reqPerSec: result.requests.average,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts + result.mismatches,
    };
  } finally {
    await server.stop();
  }
}

/** 20,000 users with a balance and 5 running pay-as-you-go instances each, last settled a minute ago. */
async function insertRunningInstances(db: Database, now: Date) {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  await query(
    db,
    `
    insert into users (mobile, password_hash, nickname, referral_code, balance)
    select '170' || lpad(g::text, 8, '0'), 'x', 'bench' || g, 'B' || lpad(g::text, 8, '0'), 1000000
    from generate_series(1, ${meteredUsers}) g`,
  );
  await query(
    db,
    `
    insert into ledger_entries (transaction_id, account, user_id, amount, balance_after, kind, note)
    select nextval('ledger_transaction_ids'), 'cash', id, 1000000, 1000000, 'grant', 'bench' from users where mobile like '170%'`,
  );
  await query(
    db,
    `
    insert into ledger_entries (transaction_id, account, amount, kind, note)
    select transaction_id, 'promotion', -amount, kind, note from ledger_entries where note = 'bench'`,
  );
  await query(
    db,
    `
    insert into instances (user_id, name, node_id, region_code, gpu_model_id, gpu_count, gpu_held, status, billing_type, image_id, image_name,
                           day_rate, metered_until, ssh_host, ssh_port, ssh_password, jupyter_token)
    select u.id, 'run-' || k, n.id, n.region_code, n.gpu_model_id, 1, 1, 2, 1, 1, 'PyTorch 2.3.0',
           ${dayRate}, '${minuteAgo}'::timestamptz, n.ssh_host, 20000, 'benchpassword0000', 'token'
    from users u cross join generate_series(1, ${perUser}) k, (select * from compute_nodes order by id limit 1) n
    where u.mobile like '170%'`,
  );
  await query(db, `analyze`);
}

async function meteringFigures() {
  return withDatabase(async (db) => {
    const now = new Date();
    let started = performance.now();
    await insertRunningInstances(db, now);
    const setupMs = performance.now() - started;
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }), db, clock: { now: () => now }, logger: false });
    started = performance.now();
    const { metered } = await meterRunningInstances(app);
    const passMs = performance.now() - started;
    const [check] = await query(
      db,
      `
        select (select count(*) from bills where kind = 'usage')::int as bills,
               (select coalesce(sum(amount), 0) from bills where kind = 'usage')::bigint as billed,
               (select -coalesce(sum(amount), 0) from ledger_entries where kind = 'charge' and account = 'cash')::bigint as ledger,
               (select coalesce(sum(amount), 0) from ledger_entries)::bigint as trial_balance,
               (select count(*) from users u where u.mobile like '170%'
                  and u.balance <> (select sum(amount) from ledger_entries e where e.user_id = u.id and e.account = 'cash'))::int as unbalanced`,
    );
    await app.close();
    return { metered, passMs, setupMs, check: check! };
  });
}

await withDatabase(async (db) => {
  await seedDemoData(db);
  await insertListInstances(db);
});
const list = await listFigures();
const metering = await meteringFigures();
fs.rmSync(dataDir, { recursive: true, force: true });

const expected = meteredUsers * perUser * Math.floor((60 * dayRate) / 86_400);
console.log(`\n${database}, ${os.cpus().length} cores`);
console.log(
  `POST /apis/container/auth/list (user with ${listInstances} instances, page of 10): ${list.reqPerSec.toFixed(0)} req/s, p99 ${list.p99} ms, ${connections} connections, ${seconds} s${list.failures ? `, ${list.failures} FAILED` : ''}`,
);
console.log(
  `metering pass over ${(meteredUsers * perUser).toLocaleString('en')} running instances (${meteredUsers.toLocaleString('en')} users): ${(metering.passMs / 1000).toFixed(2)} s, ${metering.metered} settled, ` +
    `${metering.check.bills} bill lines, charged ${metering.check.billed} (expected ${expected}), ledger ${metering.check.ledger}, users whose balance ≠ ledger: ${metering.check.unbalanced}, trial balance ${metering.check.trial_balance}` +
    ` (setup ${(metering.setupMs / 1000).toFixed(1)} s)`,
);
