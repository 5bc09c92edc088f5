import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl } from '../test-support/postgres-admin.js';
import { PostgresLeaderLock, type LeaderLock } from './leader-lock.js';
import { startLeadership, type Leadership } from './leadership.js';

const adminUrl = process.env.DATABASE_URL;
const name = `rc_leader_${randomBytes(6).toString('hex')}`;
const log = Fastify({ logger: { level: 'error' } }).log;

async function until(condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A contender whose lock counts the times it was refused, and whose periodic "work" is a flag. While `dead`
 * it stops asking, as a replica whose process hangs: otherwise the leader whose connection was cut could
 * reconnect and take the lock back before the other asks, and the hand-over would be left to chance.
 */
function contender(url: string) {
  const lock = new PostgresLeaderLock(url, 'test');
  const counting: LeaderLock & { refused: number; dead: boolean } = {
    refused: 0,
    dead: false,
    async tryAcquire(lost) {
      if (counting.dead) return false;
      const acquired = await lock.tryAcquire(lost);
      if (!acquired) counting.refused += 1;
      return acquired;
    },
    check: () => lock.check(),
    release: () => lock.release(),
  };
  const state = { working: false, lock: counting, leadership: undefined as unknown as Leadership };
  state.leadership = startLeadership(counting, {
    retryMs: 50,
    log,
    replicaId: 'test',
    lead: () => {
      state.working = true;
      return async () => {
        state.working = false;
      };
    },
  });
  return state;
}

/** Cuts the connection that holds the scheduler lock, as a dead replica's would be. */
async function killLockHolder(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rowCount } = await admin.query(
    `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
  );
  await admin.end();
  expect(rowCount).toBe(1);
}

describe.runIf(adminUrl)('the scheduler lock on PostgreSQL', () => {
  let url: string;
  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${name}`);
    url = databaseUrl(adminUrl!, name);
  });
  afterAll(() => adminQuery(adminUrl!, `drop database if exists ${name} with (force)`));

  it('lets one of two contenders lead, and hands over within seconds when the leader’s connection dies', async () => {
    const first = contender(url);
    await until(() => first.leadership.leading);
    const second = contender(url);
    await until(() => second.lock.refused >= 3);
    expect([first.working, second.working]).toEqual([true, false]);

    first.lock.dead = true;
    await killLockHolder(url);
    await until(() => second.leadership.leading);
    expect(second.working).toBe(true);
    await until(() => !first.working);
    expect(first.leadership.leading).toBe(false);

    // The old leader comes back, asks again and is refused while the new one holds the lock; it gets it back once that one stops.
    first.lock.dead = false;
    const refusedBefore = first.lock.refused;
    await until(() => first.lock.refused >= refusedBefore + 2);
    expect(first.working).toBe(false);
    await second.leadership.stop();
    expect(second.working).toBe(false);
    await until(() => first.leadership.leading);
    expect(first.working).toBe(true);
    await first.leadership.stop();
  });
});
