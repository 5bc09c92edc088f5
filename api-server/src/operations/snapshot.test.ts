import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/open-database.js';
import { migrationsFolder, migrationsUpTo, migrationTags } from '../db/migrations-folder.js';
import { queryRows } from '../db/query-rows.js';
import { checkLedger } from '../billing/ledger.js';
import { LocalFolderStore } from '../blobs/local-folder-store.js';
import { TransferSigner } from '../blobs/local-transfer.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { startPostgresPeer, type PostgresPeer } from '../test-support/postgres-peer.js';
import {
  databaseHoldsData,
  dumpDatabase,
  loadDatabase,
  SnapshotMismatchError,
  tableRowCounts,
  type DatabaseSnapshot,
} from './database-snapshot.js';
import { differingBlobs, dumpBlobs, loadBlobs } from './blob-snapshot.js';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rc-snapshot-'));

/** A database with no rows: PGlite in a new folder, or a new PostgreSQL database when the run is on PostgreSQL. */
async function emptyDatabase(migrations?: string) {
  const dataDir = scratch();
  const postgres: PostgresPeer | undefined = process.env.DATABASE_URL ? await startPostgresPeer() : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: postgres?.url, migrations });
  let closed = false;
  return {
    db: database.db,
    dataDir,
    databaseUrl: postgres?.url,
    async close() {
      if (!closed) await database.close();
      closed = true;
    },
    async drop() {
      await this.close();
      await postgres?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Each test migrates fresh databases from nothing, which takes tens of seconds on a busy 2-core machine.
describe('database snapshots', { timeout: 120_000 }, () => {
  let source: TestApp;
  let dir: string;
  let snapshot: DatabaseSnapshot;

  beforeAll(async () => {
    source = await createTestApp();
    dir = scratch();
    snapshot = await dumpDatabase(source.app.db, dir);
  });
  afterAll(async () => {
    await source.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every row and sequence into an empty database, which then continues where the source was', async () => {
    const target = await emptyDatabase();
    try {
      expect(await databaseHoldsData(target.db)).toBe(false);
      await loadDatabase(target.db, dir, snapshot);
      expect(await databaseHoldsData(target.db)).toBe(true);
      const counts = await tableRowCounts(target.db);
      expect(counts).toEqual(await tableRowCounts(source.app.db));
      expect(counts.users).toBeGreaterThan(0);
      expect(counts.ledger_entries).toBeGreaterThan(0);
      expect(await checkLedger(target.db)).toEqual(await checkLedger(source.app.db));

      const balances = sql`select id, balance, mobile, created_at::text from users order by id`;
      expect(await queryRows(target.db, balances)).toEqual(await queryRows(source.app.db, balances));
      const nextUserId = sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`;
      expect(await queryRows(target.db, nextUserId)).toEqual(await queryRows(source.app.db, nextUserId));

      // A second load replaces the rows instead of adding to them.
      await loadDatabase(target.db, dir, snapshot);
      expect(await tableRowCounts(target.db)).toEqual(counts);
    } finally {
      await target.drop();
    }
  });

  it('leaves the database as it was when a row cannot be loaded', async () => {
    const target = await emptyDatabase();
    const broken = scratch();
    try {
      fs.cpSync(dir, broken, { recursive: true });
      const users = snapshot.tables.find((table) => table.name === 'users')!;
      fs.appendFileSync(path.join(broken, users.file), '{"id": "not a number"}\n');
      await expect(loadDatabase(target.db, broken, snapshot)).rejects.toThrow();
      expect(await databaseHoldsData(target.db)).toBe(false);
    } finally {
      await target.drop();
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('refuses a database at other migrations, and loads a snapshot of an older version into one migrated as far, which then migrates on', async () => {
    const tags = migrationTags().map((entry) => entry.tag);
    expect(snapshot.migrations).toEqual(tags);
    // The snapshot as the version before the newest migration made it: without the tables that migration creates.
    const newest = fs.readFileSync(path.join(migrationsFolder, `${tags.at(-1)}.sql`), 'utf8');
    const createdByNewest = new Set([...newest.matchAll(/CREATE TABLE "(\w+)"/g)].map((match) => match[1]));
    const older: DatabaseSnapshot = {
      ...snapshot,
      migrations: tags.slice(0, -1),
      tables: snapshot.tables.filter((table) => !createdByNewest.has(table.name)),
      sequences: snapshot.sequences.filter((sequence) => ![...createdByNewest].some((table) => sequence.name.startsWith(`${table}_`))),
    };

    const current = await emptyDatabase();
    try {
      await expect(loadDatabase(current.db, dir, older)).rejects.toThrow(SnapshotMismatchError);
    } finally {
      await current.drop();
    }

    const folder = migrationsUpTo(tags.at(-2)!);
    const target = await emptyDatabase(folder);
    try {
      await loadDatabase(target.db, dir, older);
      const location = { dataDir: target.dataDir, databaseUrl: target.databaseUrl };
      await target.close();
      const migratedOn = await openDatabase(location);
      try {
        expect((await tableRowCounts(migratedOn.db)).users).toBe((await tableRowCounts(source.app.db)).users);
      } finally {
        await migratedOn.close();
      }
    } finally {
      await target.drop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('blob snapshots', () => {
  it('copies every blob and folder marker, and names the ones a store lost or changed', async () => {
    const root = scratch();
    const store = (name: string) => new LocalFolderStore(path.join(root, name), new TransferSigner(Buffer.from('test')));
    const from = store('from');
    await from.put('users/1/a.bin', Readable.from([Buffer.alloc(300_000, 7)]));
    await from.put('users/2/报告.txt', Readable.from([Buffer.from('二〇二六')]));
    await from.put('users/2/empty-folder/', Readable.from([]));
    const dumped = path.join(root, 'snapshot');
    const entries = await dumpBlobs(from, dumped);
    expect(entries.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['users/1/a.bin', 'users/2/报告.txt', 'users/2/empty-folder/']),
    );

    const to = store('to');
    await loadBlobs(to, dumped, entries);
    expect(await differingBlobs(to, entries)).toEqual([]);

    await to.put('users/2/报告.txt', Readable.from([Buffer.from('changed')]));
    await to.remove('users/1/a.bin');
    expect((await differingBlobs(to, entries)).sort()).toEqual(['users/1/a.bin', 'users/2/报告.txt']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
