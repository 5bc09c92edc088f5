/**
 * Backup and restore figures (not a test): a site with the demo data, 300,000 bill lines and 64 MiB of blobs
 * (32 files of 2 MiB) is backed up (`writeBackup`, the archive `npm run backup` writes) and restored into a fresh
 * site (`restoreBackup`, as `npm run restore` does, checks included): seconds, rows/s and MiB/s each way, the
 * archive's size. PGlite in temp folders, or PostgreSQL when TEST_POSTGRES_URL or DATABASE_URL is set (two
 * throwaway databases on that server).
 *   npx tsx bench/backup-restore.ts
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig } from '../api-server/src/config.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { adminQuery, databaseUrl } from '../api-server/src/test-support/postgres-admin.js';
import { openSiteData } from '../api-server/src/operations/site-data.js';
import { writeBackup } from '../api-server/src/operations/backup-archive.js';
import { restoreBackup } from '../api-server/src/operations/restore.js';
import { query } from './bench-kit.js';

const billLines = 300_000;
const blobCount = 32;
const blobBytes = 2 * 1024 * 1024;
const MiB = 1024 * 1024;
const adminUrl = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-backup-'));

/** The settings of a site: a data folder, and its own database when the bench runs on PostgreSQL. */
async function site(name: string) {
  const dataDir = path.join(scratch, name);
  if (!adminUrl) return loadConfig({ DATA_DIR: dataDir });
  const database = `rc_bench_${name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${database}`);
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(adminUrl, database) });
}

try {
  const source = await openSiteData(await site('source'));
  await seedDemoData(source.db);
  await query(
    source.db,
    `insert into bills (user_id, instance_id, ledger_entry_id, kind, product, amount, seconds, day_rate, period_start, period_end, note, created_at)
     select u.id, 1 + g % 7, g, 'usage', 'gpu', 33 + g % 5, 60, 47520, now() - g * interval '1 minute',
            now() - g * interval '1 minute' + interval '60 seconds', '实例按量计费', now() - g * interval '1 minute'
     from generate_series(1, ${billLines}) g, (select id from users where mobile = '13800000001') u`,
  );
  for (let n = 0; n < blobCount; n++) await source.blobs.put(`bench/file-${n}.bin`, Readable.from([randomBytes(blobBytes)]));

  const archive = path.join(scratch, 'site.tar.gz');
  let started = performance.now();
  const written = await writeBackup({ db: source.db, blobs: source.blobs, dataDir: source.config.dataDir }, archive);
  const backupSeconds = (performance.now() - started) / 1000;
  await source.close();

  const target = await site('target');
  started = performance.now();
  const restored = await restoreBackup(target, archive, { force: false });
  const restoreSeconds = (performance.now() - started) / 1000;

  const payloadMiB = written.blobBytes / MiB;
  console.log(
    `backup-restore on ${adminUrl ? 'PostgreSQL' : 'PGlite'}: ${written.rows} rows in ${written.tables} tables, ${written.blobs} blobs (${payloadMiB.toFixed(0)} MiB)`,
  );
  console.log(`  archive: ${(written.bytes / MiB).toFixed(1)} MiB`);
  console.log(
    `  backup:  ${backupSeconds.toFixed(1)} s (${Math.round(written.rows / backupSeconds)} rows/s overall, ${(payloadMiB / backupSeconds).toFixed(1)} MiB/s)`,
  );
  console.log(
    `  restore: ${restoreSeconds.toFixed(1)} s with every check (${Math.round(restored.rows / restoreSeconds)} rows/s overall, ${(payloadMiB / restoreSeconds).toFixed(1)} MiB/s)`,
  );
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
