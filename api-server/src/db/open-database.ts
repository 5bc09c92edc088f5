import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { migrationsFolder, newestMigrationAt } from './migrations-folder.js';
import { newPgliteFolder } from './pglite-clusters.js';
import { PgliteOnThread } from './pglite-on-thread.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other process setting up this database runs its own: on PostgreSQL under the advisory lock
   * 7240311 (the one the migrations take), so replicas started at the same moment write the site's first rows once;
   * on PGlite the data-folder lock already keeps every other process out.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const setupLockKey = 7_240_311;

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string;
}

/** A database being opened: statements may be sent at once, and wait until it is open and migrated (`ready`). */
export interface StartingDatabase extends OpenDatabase {
  /** Settles once the database is open and migrated, or fails with why it could not be. */
  ready: Promise<void>;
}

/**
 * Opens and migrates the database; `migrations` names another folder to migrate from (db/migrations-folder.ts). On
 * PGlite it answers once the thread is started, not once the database is open: the server is built meanwhile (issue 31).
 */
export async function startDatabase(options: DatabaseLocation & { migrations?: string }): Promise<StartingDatabase> {
  const migrations = options.migrations ?? migrationsFolder;
  if (options.databaseUrl) return { ...(await openPostgres(options.databaseUrl, migrations)), ready: Promise.resolve() };
  return startPglite(options.dataDir, migrations);
}

/** Opens and migrates the database, answering once it is ready. */
export async function openDatabase(options: DatabaseLocation & { migrations?: string }): Promise<OpenDatabase> {
  const { ready, ...database } = await startDatabase(options);
  await ready;
  return database;
}

/** Creates and migrates a PGlite folder by a process of its own (pglite-create.mjs says why). */
async function createPgliteFolder(folder: string, migrations: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-create.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, folder, migrations], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`creating the PGlite database in ${folder} failed (exit code ${code}):\n${stderr.trim()}`);
}

/**
 * Whether the database recorded the newest migration of `folder`, as it has at every restart: one query, where drizzle's
 * check creates its schema and table when missing, reads and hashes every migration file and runs an empty transaction
 * (issue 31). False when drizzle's table is missing (a database older than the migrations): drizzle's check runs then.
 */
async function hasEveryMigration(client: PGlite, folder: string): Promise<boolean> {
  const recorded = await client.query('select max(created_at) as last from drizzle.__drizzle_migrations').catch(() => null);
  const last = (recorded?.rows[0] as { last: string | number | null } | undefined)?.last;
  return last !== null && last !== undefined && Number(last) >= newestMigrationAt(folder);
}

async function startPglite(dataDir: string, migrations: string): Promise<StartingDatabase> {
  const unlock = lockDataDir(dataDir);
  const folder = path.join(dataDir, 'pglite');
  try {
    if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
      await newPgliteFolder(folder, migrations, (into) => createPgliteFolder(into, migrations));
    }
  } catch (error) {
    unlock();
    throw error;
  }
  const client = PgliteOnThread.start(folder);
  // A database that could not be opened or migrated is closed and its folder unlocked before `ready` fails.
  const ready = client
    .setUpWith(async (direct) => {
      if (!(await hasEveryMigration(direct, migrations)))
        await migratePglite(drizzlePglite({ client: direct }), { migrationsFolder: migrations });
    })
    .catch(async (error: unknown) => {
      await client.close().catch(() => {});
      unlock();
      throw error;
    });
  return {
    db: drizzlePglite({ client: client.asPglite(), schema }) as unknown as Database,
    kind: 'pglite',
    ready,
    exclusively: (work) => work(),
    async close() {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(connectionString: string, migrations: string): Promise<OpenDatabase> {
  // Imported here, not at start-up: a PGlite site never loads them (issue 31).
  const [{ default: pgDriver }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pgDriver.Pool({ connectionString, max: 10 });
  // A session lock on a connection of its own, which is closed when anything fails: a process that dies or fails
  // while holding the lock loses it with its connection.
  async function exclusively<T>(work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [setupLockKey]);
      const result = await work(connection);
      await connection.query('select pg_advisory_unlock($1)', [setupLockKey]);
      connection.release();
      return result;
    } catch (error) {
      connection.release(error as Error);
      throw error;
    }
  }
  try {
    await exclusively((connection) => migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: migrations }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Database,
    kind: 'postgres',
    exclusively: (work) => exclusively(() => work()),
    close: () => pool.end(),
  };
}
