import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { DataDirLockedError } from '../db/index.js';
import { SnapshotMismatchError } from './database-snapshot.js';
import { MoveRefusedError, moveToPostgres, type MoveResult } from './move-to-postgres.js';
import { movedSettings, screenLine, writeEnvFile } from './moved-settings.js';

const usage = `npm run move-to-postgres [-- --force] [--settings-file <file>]

Copies the site of DATA_DIR (its embedded database and DATA_DIR/blobs) into the PostgreSQL database of DATABASE_URL
and, with BLOB_STORE=s3 and the S3_* settings, into that bucket; then compares both sides. Stop the server first.
  --force                 replace the data of a destination database or bucket that already holds some
  --settings-file <file>  where to write the settings to start on the moved site (default DATA_DIR/moved.env)`;

function fail(message: string): never {
  console.error(`move-to-postgres: ${message}`);
  process.exit(1);
}

let args: { force?: boolean; 'settings-file'?: string; help?: boolean };
try {
  ({ values: args } = parseArgs({
    options: { force: { type: 'boolean' }, 'settings-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

if (!config.databaseUrl) fail('DATABASE_URL must name the PostgreSQL database to move to');
const blobsGo = config.blobs.store === 's3' ? `the bucket ${config.blobs.s3.bucket}` : null;
console.log(`Moving ${config.dataDir} to PostgreSQL${blobsGo ? ` and ${blobsGo}` : ''}.`);
if (!blobsGo) console.log('BLOB_STORE is not s3: the blobs stay in DATA_DIR/blobs; only the database moves.');

let result: MoveResult;
try {
  result = await moveToPostgres(config, { force: Boolean(args.force) });
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nThe server must be stopped while its site moves.`);
  if (error instanceof MoveRefusedError || error instanceof SnapshotMismatchError) fail(error.message);
  throw error;
}

printComparison(result);
if (result.differences.length) {
  fail(
    `the copy differs from the source:\n  ${result.differences.join('\n  ')}\nThe source is unchanged; fix the cause and run again with --force.`,
  );
}

const settings = movedSettings(config);
const envFile = path.resolve(args['settings-file'] ?? path.join(config.dataDir, 'moved.env'));
writeEnvFile(envFile, settings);
console.log(`
Moved, and both sides agree. Start the server on the moved site with these settings (secrets masked here):
${settings.map((setting) => `  ${screenLine(setting)}`).join('\n')}
All of them, secrets whole, are in ${envFile} (readable by you only):
  set -a; . ${envFile}; set +a; npm start
Give every replica the same settings. DATA_DIR keeps the files that do not move (SSH host key, network disks, file
storage, datasets): replicas on other machines need that folder shared. ${
  blobsGo
    ? 'The embedded database (DATA_DIR/pglite) and the local blobs (DATA_DIR/blobs) are left as they were: remove them once the moved site runs.'
    : 'The embedded database (DATA_DIR/pglite) is left as it was: remove it once the moved site runs. The blobs stay in use in DATA_DIR/blobs.'
}`);

function printComparison({ tables, ledger, blobs }: MoveResult): void {
  const rows: string[][] = [['', 'source', 'destination']];
  const rowCount = (side: 'source' | 'destination') => String(tables.reduce((sum, table) => sum + table[side], 0));
  const tablesAlike = tables.filter((table) => table.source === table.destination).length;
  rows.push(['rows', rowCount('source'), rowCount('destination')]);
  rows.push(['tables with equal rows', `${tablesAlike} of ${tables.length}`, '']);
  for (const [label, key] of [
    ['trial balance', 'trialBalance'],
    ['unbalanced transactions', 'unbalancedTransactions'],
    ['balances ≠ entries', 'balanceMismatches'],
    ['user balances (¥0.001)', 'userCash'],
    ['user income', 'userIncome'],
    ['user income held', 'userIncomeHeld'],
  ] as const) {
    rows.push([label, String(ledger.source[key]), String(ledger.destination[key])]);
  }
  if (blobs) {
    rows.push(['blobs', String(blobs.objects), String(blobs.objects - blobs.differing.length)]);
    rows.push(['blob bytes (sha256 checked)', String(blobs.bytes), blobs.differing.length ? `${blobs.differing.length} differ` : 'equal']);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(row.map((cell, column) => (column ? cell.padStart(widths[column]!) : cell.padEnd(widths[0]!))).join('  '));
}
