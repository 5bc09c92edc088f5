import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { type BlobStore, createBlobStore } from '../blobs/index.js';
import { openDatabase, type Database, type Executor, migrationsUpTo, migrationTags, queryRows } from '../db/index.js';
import { checkLedger } from '../billing/index.js';
import { databaseHoldsData, dumpDatabase, loadDatabase, tableRowCounts } from './database-snapshot.js';
import { copyBlobs, differingBlobs } from './blob-snapshot.js';
import { openSiteData } from './site-data.js';

/** The move cannot start: nothing was written anywhere. */
export class MoveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefusedError';
  }
}

/** The books of one side, as the move compares them. */
export interface LedgerSummary {
  trialBalance: number;
  unbalancedTransactions: number;
  balanceMismatches: number;
  /** Sums over every user of the cached balances (cash, withdrawable income, income held). */
  userCash: number;
  userIncome: number;
  userIncomeHeld: number;
}

export interface BlobsMoved {
  objects: number;
  bytes: number;
  /** Keys the destination answers missing or with other bytes than the source's. */
  differing: string[];
}

export interface MoveResult {
  tables: Array<{ name: string; source: number; destination: number }>;
  ledger: { source: LedgerSummary; destination: LedgerSummary };
  /** Null when the blobs stay in the local folder (BLOB_STORE is not s3). */
  blobs: BlobsMoved | null;
  /** Every difference found; the move succeeded when there is none. */
  differences: string[];
}

/**
 * Copies the site of `config.dataDir` (its PGlite database and its local blob folder) into the PostgreSQL database
 * of `config.databaseUrl` and, with BLOB_STORE=s3, into the bucket, then compares both sides. The source is read
 * only; no server may hold it (DataDirLockedError). A destination that holds data is refused unless `force`.
 */
export async function moveToPostgres(config: AppConfig, options: { force: boolean }): Promise<MoveResult> {
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) throw new MoveRefusedError('DATABASE_URL must name the PostgreSQL database to move to');
  if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    throw new MoveRefusedError(`DATA_DIR ${config.dataDir} holds no embedded database (no pglite folder)`);
  }
  // Migrating from a folder of only the first migration, which every site has, leaves the source as it is.
  const asItIs = migrationsUpTo(migrationTags()[0]!.tag);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-move-'));
  try {
    const source = await openSiteData({ ...config, databaseUrl: undefined, blobs: { store: 'local' } }, { migrations: asItIs });
    try {
      const bucket = config.blobs.store === 's3' ? await createBlobStore(config) : null;
      if (!options.force) await refuseHeldDestination(databaseUrl, bucket);
      const snapshot = await dumpDatabase(source.db, work);
      const sourceMigrations = migrationsUpTo(snapshot.migrations.at(-1)!);
      try {
        const destination = await openDatabase({ dataDir: config.dataDir, databaseUrl, migrations: sourceMigrations });
        let result: MoveResult;
        try {
          await loadDatabase(destination.db, work, snapshot);
          const compared = await compareDatabases(source.db, destination.db);
          const blobs = bucket ? await moveBlobs(source.blobs, bucket) : null;
          if (blobs?.differing.length) {
            compared.differences.push(
              `${blobs.differing.length} blobs missing or different in the bucket: ${blobs.differing.slice(0, 10).join(', ')}`,
            );
          }
          result = { ...compared, blobs };
        } finally {
          await destination.close();
        }
        // A source of an older version was moved as it was; the destination now migrates on to this version's.
        if (result.differences.length === 0) await (await openDatabase({ dataDir: config.dataDir, databaseUrl })).close();
        return result;
      } finally {
        fs.rmSync(sourceMigrations, { recursive: true, force: true });
      }
    } finally {
      await source.close();
    }
  } finally {
    fs.rmSync(asItIs, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function refuseHeldDestination(databaseUrl: string, bucket: BlobStore | null): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('select 1').catch((error: Error) => {
      throw new MoveRefusedError(`cannot reach the database of DATABASE_URL: ${error.message}`);
    });
    const db = drizzle({ client: pool }) as unknown as Database;
    const [tables] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('public.users') is not null as present`);
    if (tables?.present && (await databaseHoldsData(db))) {
      throw new MoveRefusedError('the destination database already holds a site (users): give --force to replace its data');
    }
  } finally {
    await pool.end();
  }
  if (!bucket) return;
  const page = await bucket.listPage('', { maxKeys: 1 }).catch((error: Error) => {
    throw new MoveRefusedError(`cannot list the bucket of S3_BUCKET: ${error.message}`);
  });
  if (page.objects.length > 0) throw new MoveRefusedError('the destination bucket already holds objects: give --force to write over them');
}

async function compareDatabases(source: Database, destination: Database): Promise<Omit<MoveResult, 'blobs'>> {
  const differences: string[] = [];
  const counts = { source: await tableRowCounts(source), destination: await tableRowCounts(destination) };
  const tables = Object.keys(counts.source).map((name) => ({
    name,
    source: counts.source[name]!,
    destination: counts.destination[name] ?? 0,
  }));
  for (const table of tables) {
    if (table.source !== table.destination) differences.push(`table ${table.name}: ${table.source} rows here, ${table.destination} there`);
  }
  const ledger = { source: await ledgerSummary(source), destination: await ledgerSummary(destination) };
  for (const side of ['source', 'destination'] as const) {
    const books = ledger[side];
    if (books.trialBalance !== 0) differences.push(`${side}: the trial balance is ${books.trialBalance}, not 0`);
    if (books.unbalancedTransactions) differences.push(`${side}: ${books.unbalancedTransactions} unbalanced transactions`);
    if (books.balanceMismatches) differences.push(`${side}: ${books.balanceMismatches} balances differ from their entries`);
  }
  for (const total of ['userCash', 'userIncome', 'userIncomeHeld'] as const) {
    if (ledger.source[total] !== ledger.destination[total]) {
      differences.push(`${total}: ${ledger.source[total]} in the source, ${ledger.destination[total]} in the destination`);
    }
  }
  return { tables, ledger, differences };
}

async function ledgerSummary(db: Executor): Promise<LedgerSummary> {
  const check = await checkLedger(db);
  const [totals] = await queryRows<{ cash: string; income: string; held: string }>(
    db,
    sql`select coalesce(sum(balance), 0)::text as cash, coalesce(sum(income_balance), 0)::text as income,
               coalesce(sum(income_held), 0)::text as held
        from users`,
  );
  return {
    trialBalance: check.trialBalance,
    unbalancedTransactions: check.unbalancedTransactions.length,
    balanceMismatches: check.mismatches.length,
    userCash: Number(totals!.cash),
    userIncome: Number(totals!.income),
    userIncomeHeld: Number(totals!.held),
  };
}

async function moveBlobs(from: BlobStore, to: BlobStore): Promise<BlobsMoved> {
  const entries = await copyBlobs(from, to);
  return {
    objects: entries.length,
    bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
    differing: await differingBlobs(to, entries),
  };
}
