import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationTags } from '../db/migrations-folder.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { startPostgresPeer, type PostgresPeer } from '../test-support/postgres-peer.js';
import { ServerProcess } from '../test-support/server-process.js';

// Like two-replicas.test.ts it brings its own PostgreSQL (or a database on TEST_POSTGRES_URL's server), so it runs in
// the PGlite pass of `npm test`; the PostgreSQL pass would only repeat it.
const setupLockKey = 7_240_311;
const replicaCount = 3;

let postgres: PostgresPeer | undefined;
const replicas: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await postgres?.close();
}, 60_000);

/** Processes of this database waiting for the setup lock that `holder` has. */
async function waitingForSetup(holder: pg.Client): Promise<number> {
  const { rows } = await holder.query<{ waiting: number }>(
    `select count(*)::int as waiting from pg_locks
      where locktype = 'advisory' and objid = $1 and not granted
        and database = (select oid from pg_database where datname = current_database())`,
    [setupLockKey],
  );
  return rows[0]!.waiting;
}

describe.skipIf(process.env.DATABASE_URL)('replicas started at the same moment on an empty database', () => {
  it('all come up, having migrated and written the site once', async () => {
    postgres = await startPostgresPeer();
    // The test holds the setup lock while the replicas start, so that all of them reach it before any goes on: they
    // start at the same moment whatever the machine's speed.
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [setupLockKey]);
    const env = { NODE_ENV: 'production', DATABASE_URL: postgres.url, SEED_DEMO_DATA: 'true' };
    let ended = 0;
    const starting = Array.from({ length: replicaCount }, (_, index) =>
      ServerProcess.start({ env: { ...env, REPLICA_ID: `replica-${index + 1}` } })
        .then((replica) => replicas.push(replica))
        .finally(() => (ended += 1)),
    );
    // None can end before the lock is let go, unless it fails at start.
    while (ended === 0 && (await waitingForSetup(holder)) < replicaCount) await new Promise((resolve) => setTimeout(resolve, 100));
    await holder.end();

    const started = await Promise.allSettled(starting);
    expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'up'))).toEqual(
      Array(replicaCount).fill('up'),
    );
    const check = new pg.Client({ connectionString: postgres.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ sites: number; demoUsers: number; migrations: number }>(
        `select (select count(*)::int from website) as sites,
                (select count(*)::int from users where mobile = $1) as "demoUsers",
                (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        [demoAccounts.user],
      );
      expect(rows[0]).toEqual({ sites: 1, demoUsers: 1, migrations: migrationTags().length });
    } finally {
      await check.end();
    }
    for (const replica of replicas) {
      const response = await fetch(`${replica.apiBase}/user/api/user/login/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: demoAccounts.user, password: demoPassword }),
      });
      expect(((await response.json()) as { code: number }).code).toBe(200);
    }
  }, 240_000);
});
