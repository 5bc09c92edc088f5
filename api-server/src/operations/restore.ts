import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { dataDirHolder, migrationsUpTo, migrationTags, openDatabase, type Database } from '../db/index.js';
import { type BlobStore, createBlobStore } from '../blobs/index.js';
import { checkLedger } from '../billing/index.js';
import { extractBackup, summarize, type BackupManifest, type BackupSummary } from './backup-archive.js';
import { databaseHoldsData, loadDatabase, tableRowCounts } from './database-snapshot.js';
import { differingBlobs, listAllBlobs, loadBlobs } from './blob-snapshot.js';
import { keptTrees, loadDataFiles, nonEmptyTrees } from './data-folder-files.js';
import { OperationRefusedError } from './operation-refused.js';

export interface RestoreSummary extends BackupSummary {
  /** Where the site now is: the data folder, or the PostgreSQL database's host and name. */
  target: string;
  /** With --force on a data folder: where what it held was moved. */
  setAside?: string;
}

/**
 * Restores the backup `file` into the site `config` names, as the server would open it: a PGlite data folder, or
 * PostgreSQL and the configured blob store. Everything is checked before the target is touched: the archive's
 * checksums, that the backup's migrations are known here, that no server holds the folder, and that the target is
 * empty unless `force`. Afterwards the row counts, the books and every blob are checked against the backup.
 */
export async function restoreBackup(config: AppConfig, file: string, options: { force: boolean }): Promise<RestoreSummary> {
  const archive = path.resolve(file);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'suanli-restore-'));
  try {
    const manifest = await extractBackup(archive, staging);
    const lastMigration = lastKnownMigration(manifest);
    const summary = summarize(archive, fs.statSync(archive).size, manifest);
    const restore = config.databaseUrl ? restoreIntoPostgres : restoreIntoDataFolder;
    return { ...summary, ...(await restore(config, { staging, manifest, lastMigration, force: options.force })) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

interface Unpacked {
  staging: string;
  manifest: BackupManifest;
  lastMigration: string;
  force: boolean;
}

/** The backup's newest migration, which this version must know (it can migrate an older backup on, not back). */
function lastKnownMigration(manifest: BackupManifest): string {
  const known = migrationTags().map((entry) => entry.tag);
  const { migrations } = manifest.database;
  const unknown = migrations.find((tag, index) => known[index] !== tag);
  if (unknown || migrations.length === 0) {
    throw new OperationRefusedError(
      `the backup was made by a newer version of the server (migration ${unknown ?? '(none)'} is unknown here): restore it with that version`,
    );
  }
  return migrations.at(-1)!;
}

async function blobsHeld(config: AppConfig, dataDir: string): Promise<boolean> {
  if (config.blobs.store === 's3') return (await (await createBlobStore(config)).listPage('', { maxKeys: 1 })).objects.length > 0;
  return fs.existsSync(path.join(dataDir, 'blobs')) && fs.readdirSync(path.join(dataDir, 'blobs')).length > 0;
}

/** Loads the database (opened at the backup's migrations) and the blobs, checks them, then migrates the database on. */
async function load(config: AppConfig, dataDir: string, unpacked: Unpacked): Promise<void> {
  const { staging, manifest, lastMigration, force } = unpacked;
  const site = { ...config, dataDir };
  const migrations = migrationsUpTo(lastMigration);
  try {
    const database = await openDatabase({ ...site, migrations });
    try {
      // First, as it refuses a database at other migrations before anything changed.
      await loadDatabase(database.db, staging, manifest.database);
      if (force) for (const tree of keptTrees) fs.rmSync(path.join(dataDir, tree), { recursive: true, force: true });
      // Before the blob store is made: the local one keeps its signing key in the data folder.
      loadDataFiles(dataDir, staging, manifest.files);
      const blobs = await createBlobStore(site);
      if (force) await removeBlobsNotIn(blobs, manifest);
      await loadBlobs(blobs, staging, manifest.blobs);
      await verifyRestored(database.db, blobs, manifest);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(migrations, { recursive: true, force: true });
  }
  // A backup of an older version: its database migrates on to this version's.
  if (lastMigration !== migrationTags().at(-1)!.tag) await (await openDatabase(site)).close();
}

/** Removed before loading: a removed folder marker takes the blobs under it along. */
async function removeBlobsNotIn(blobs: BlobStore, manifest: BackupManifest): Promise<void> {
  const kept = new Set(manifest.blobs.map((blob) => blob.key));
  for (const blob of await listAllBlobs(blobs)) if (!kept.has(blob.key)) await blobs.remove(blob.key);
}

async function verifyRestored(db: Database, blobs: BlobStore, manifest: BackupManifest): Promise<void> {
  const counts = await tableRowCounts(db);
  for (const table of manifest.database.tables) {
    if (counts[table.name] !== table.rows) {
      throw new Error(`restore check failed: table ${table.name} has ${counts[table.name]} rows, the backup ${table.rows}`);
    }
  }
  const ledger = await checkLedger(db);
  if (ledger.trialBalance !== 0 || ledger.unbalancedTransactions.length || ledger.mismatches.length) {
    throw new Error(
      `restore check failed: trial balance ${ledger.trialBalance}, ${ledger.unbalancedTransactions.length} unbalanced transactions, ` +
        `${ledger.mismatches.length} balances differing from their entries`,
    );
  }
  const differing = await differingBlobs(blobs, manifest.blobs);
  if (differing.length) throw new Error(`restore check failed: ${differing.length} blobs differ from the backup, first ${differing[0]}`);
}

/**
 * PGlite: the site is built in a folder beside DATA_DIR and moved into place once checked, so a failed restore
 * leaves DATA_DIR as it was; with `force`, what DATA_DIR held is moved aside, not deleted.
 */
async function restoreIntoDataFolder(config: AppConfig, unpacked: Unpacked): Promise<Pick<RestoreSummary, 'target' | 'setAside'>> {
  const { dataDir } = config;
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) throw new OperationRefusedError(`a server (process ${holder}) is using ${dataDir}: stop it before restoring`);
  const holds = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
  if (!unpacked.force) {
    if (holds) throw new OperationRefusedError(`${dataDir} is not empty: restore into an empty DATA_DIR, or add --force to replace it`);
    if (await blobsHeld(config, dataDir))
      throw new OperationRefusedError(`the S3 bucket holds blobs: empty it, or add --force to replace them`);
  }
  const building = `${dataDir}.restoring`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    await load(config, building, unpacked);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  let setAside: string | undefined;
  if (holds) {
    setAside = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, setAside);
  } else fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(building, dataDir);
  return { target: dataDir, setAside };
}

/** PostgreSQL: the database is replaced in one transaction; the data folder's kept files and the blobs are written in place. */
async function restoreIntoPostgres(config: AppConfig, unpacked: Unpacked): Promise<Pick<RestoreSummary, 'target'>> {
  const url = new URL(config.databaseUrl!);
  const target = `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`;
  if (!unpacked.force) {
    const migrations = migrationsUpTo(unpacked.lastMigration);
    try {
      const database = await openDatabase({ ...config, migrations });
      const holdsData = await databaseHoldsData(database.db).finally(() => database.close());
      if (holdsData) throw new OperationRefusedError(`the ${target} holds a site: restore into an empty one, or add --force to replace it`);
    } finally {
      fs.rmSync(migrations, { recursive: true, force: true });
    }
    const trees = nonEmptyTrees(config.dataDir);
    if (trees.length) throw new OperationRefusedError(`${config.dataDir} holds ${trees.join(', ')}: add --force to replace them`);
    if (await blobsHeld(config, config.dataDir)) throw new OperationRefusedError('the blob store holds blobs: add --force to replace them');
  }
  await load(config, config.dataDir, unpacked);
  return { target };
}
