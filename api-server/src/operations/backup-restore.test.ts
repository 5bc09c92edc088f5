import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { queryRows } from '../db/query-rows.js';
import { checkLedger } from '../billing/ledger.js';
import { repoRoot } from '../repo-root.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { ServerProcess } from '../test-support/server-process.js';
import { startPostgresPeer, type PostgresPeer } from '../test-support/postgres-peer.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { md5Of, randomFile } from '../test-support/upload-client.js';
import { extractBackup, writeBackup, type BackupManifest } from './backup-archive.js';
import { tableRowCounts } from './database-snapshot.js';
import { OperationRefusedError } from './operation-refused.js';
import { restoreBackup } from './restore.js';
import { scheduledBackupName, scheduledBackupPass } from './scheduled-backups.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const scratch = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `rc-backup-${name}-`));
const scratches: string[] = [];
const peers: PostgresPeer[] = [];
afterAll(async () => {
  for (const dir of scratches) fs.rmSync(dir, { recursive: true, force: true });
  for (const peer of peers) await peer.close();
});

/** A folder removed after the file's tests. */
function folder(name: string): string {
  const dir = scratch(name);
  scratches.push(dir);
  return dir;
}

/** Where a site lives: a data folder, and on the PostgreSQL run a database of its own. */
interface Site {
  dataDir: string;
  databaseUrl?: string;
}

async function emptySite(name: string): Promise<Site> {
  const dataDir = path.join(folder(name), 'data');
  if (!onPostgres) return { dataDir };
  const peer = await startPostgresPeer();
  peers.push(peer);
  return { dataDir, databaseUrl: peer.url };
}

/** The site's variables as the server reads them; an empty DATABASE_URL counts as unset. */
const siteEnv = (site: Site) => ({ DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl ?? '' });

/** `npm run <script> -- <args>` from the repository's root, as an operator types it. */
function npmRun(script: string, args: string[], site: Site): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: repoRoot, env: { ...process.env, ...siteEnv(site) } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file under `dir` with its sha256, for telling that a folder did not change. */
function fingerprint(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else
        found[child] = createHash('sha256')
          .update(fs.readFileSync(path.join(dir, child)))
          .digest('hex');
    }
  };
  if (fs.existsSync(dir)) walk('');
  return found;
}

async function withDatabase<T>(site: Site, use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(site);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** What the checks after a restore compare with the manifest: every table's rows, and books that balance. */
async function expectRestored(site: Site, manifest: BackupManifest): Promise<void> {
  await withDatabase(site, async (db) => {
    const counts = await tableRowCounts(db);
    for (const table of manifest.database.tables) expect([table.name, counts[table.name]]).toEqual([table.name, table.rows]);
    expect(await checkLedger(db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });
}

const manifestOf = async (file: string) => {
  const dir = folder('manifest');
  return extractBackup(file, dir);
};

describe('a backup taken while the server takes writes', () => {
  const chunkSize = 64 * 1024;
  let source: ServerProcess;
  let sourceSite: Site;
  let restored: ServerProcess | undefined;

  beforeAll(async () => {
    sourceSite = await emptySite('source');
    source = await ServerProcess.start({ dataDir: sourceSite.dataDir, env: siteEnv(sourceSite) });
  }, 120_000);
  afterAll(async () => {
    await restored?.stop();
    await source?.stop();
  });

  const post = async (server: ServerProcess, route: string, body: unknown, token?: string) => {
    const response = await fetch(server.apiBase + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; msg: string; data: any };
  };
  const login = async (server: ServerProcess, mobile: string) => {
    const answer = await post(server, '/user/api/user/login/password', { mobile, password: demoPassword });
    expect(answer.code).toBe(200);
    return answer.data.token as string;
  };

  async function register(mobile: string): Promise<void> {
    expect((await post(source, '/user/api/user/send/code', { mobile, type: 'register' })).code).toBe(200);
    const outbox = fs.readFileSync(path.join(source.dataDir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
    const messages = outbox.map((line) => JSON.parse(line) as { mobile: string; code: string }).filter((m) => m.mobile === mobile);
    const { code } = messages.at(-1)!;
    expect((await post(source, '/user/api/user/register', { mobile, code, password: 'Load@pass1' })).code).toBe(200);
  }

  async function recharge(token: string): Promise<void> {
    const created = await post(
      source,
      '/user/auth/recharge/create',
      { amount: 1_000, method: 'sandbox', idempotencyKey: randomKey() },
      token,
    );
    expect(created.code).toBe(200);
    const confirmed = await fetch(`${source.url}${created.data.payUrl}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(confirmed.status).toBe(303);
  }
  let keys = 0;
  const randomKey = () => `backup-load-${++keys}`;

  async function upload(token: string, name: string, bytes: Buffer): Promise<void> {
    const total = Math.ceil(bytes.length / chunkSize);
    for (let n = 1; n <= total; n++) {
      const form = new FormData();
      const fields = {
        identifier: md5Of(bytes),
        filename: name,
        chunkNumber: n,
        totalChunks: total,
        chunkSize,
        totalSize: bytes.length,
        path: 'load',
      };
      for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
      form.append('file', new Blob([new Uint8Array(bytes.subarray((n - 1) * chunkSize, n * chunkSize))]), 'blob');
      const answer = await fetch(`${source.apiBase}/orion/auth/file/chunk`, { method: 'POST', headers: { token }, body: form });
      expect(((await answer.json()) as { code: number }).code).toBe(200);
    }
    const merge = { fileName: name, identifier: md5Of(bytes), chunkSize, totalSize: bytes.length, path: 'load' };
    expect((await post(source, '/orion/auth/file/mergeFile', merge, token)).code).toBe(200);
  }

  it('restores into a fresh site whose counts, books and files are those of the backup', async () => {
    const userToken = await login(source, demoAccounts.user);
    const teacherToken = await login(source, demoAccounts.teacher);
    const uploaded = new Map<string, string>();
    const registered: string[] = [];
    let backupRunning = true;

    // Writers that keep going until the backup command has exited.
    const untilBackedUp = async (step: (i: number) => Promise<void>, limit = Infinity) => {
      for (let i = 0; backupRunning && i < limit; i++) await step(i);
    };
    const writers = [
      untilBackedUp(async () => recharge(userToken)),
      untilBackedUp(async () => recharge(teacherToken)),
      // The server sends at most 20 codes an hour to one address.
      untilBackedUp(async (i) => {
        const mobile = `1390000${String(i).padStart(4, '0')}`;
        await register(mobile);
        registered.push(mobile);
      }, 15),
      untilBackedUp(async (i) => {
        const bytes = randomFile(3 * chunkSize + 1000 + i);
        await upload(userToken, `file-${i}.bin`, bytes);
        uploaded.set(`load/file-${i}.bin`, md5Of(bytes));
      }),
    ];
    // The backup starts once every kind of write has been answered at least once.
    const writing = Promise.all(writers);
    while (uploaded.size === 0 || registered.length === 0) await Promise.race([writing, new Promise((resolve) => setTimeout(resolve, 50))]);
    const answeredBeforeBackup = { uploads: uploaded.size, registrations: registered.length };
    const file = path.join(folder('archive'), 'site.tar.gz');
    const backup = await npmRun('backup', [file], sourceSite);
    backupRunning = false;
    await writing;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('backup written');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const manifest = await manifestOf(file);
    const target = await emptySite('target');
    const restore = await npmRun('restore', [file], target);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('row counts, books and blobs checked');
    await expectRestored(target, manifest);
    const mobiles = await withDatabase(target, (db) => queryRows<{ mobile: string }>(db, sql`select mobile from users`));
    const restoredMobiles = new Set(mobiles.map((row) => row.mobile));
    expect(registered.slice(0, answeredBeforeBackup.registrations).filter((mobile) => !restoredMobiles.has(mobile))).toEqual([]);

    restored = await ServerProcess.start({ dataDir: target.dataDir, env: siteEnv(target) });
    const token = await login(restored, demoAccounts.user);
    const uploadedBefore = [...uploaded].slice(0, answeredBeforeBackup.uploads);
    let present = 0;
    for (const [storedPath, md5] of uploaded) {
      const response = await fetch(`${restored.apiBase}/orion/auth/file/download`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ path: storedPath, token }).toString(),
      });
      const body = Buffer.from(await response.arrayBuffer());
      const answeredBefore = uploadedBefore.some(([before]) => before === storedPath);
      // A file merged while the backup ran may be in it or not; one that is holds the uploaded bytes.
      if (!answeredBefore && response.headers.get('content-type')?.includes('json')) continue;
      expect([storedPath, response.status]).toEqual([storedPath, 200]);
      expect([storedPath, md5Of(body)]).toEqual([storedPath, md5]);
      present++;
    }
    expect(present).toBeGreaterThanOrEqual(answeredBeforeBackup.uploads);
  }, 240_000);
});

// Each test opens databases and starts commands: on a busy machine that takes longer than the default 30 s.
describe('restore', { timeout: 120_000 }, () => {
  let app: TestApp;
  let backupFile: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    app = await createTestApp();
    await app.app.blobs.put('backup-test/a.bin', Readable.from([randomFile(100_000)]));
    backupFile = path.join(folder('small'), 'small.tar.gz');
    await writeBackup({ db: app.app.db, blobs: app.app.blobs, dataDir: app.dataDir }, backupFile);
    manifest = await manifestOf(backupFile);
  });
  afterAll(() => app?.close());

  const configOf = (site: Site) => loadConfig(siteEnv(site));

  it('refuses a target that holds a site and leaves it as it was; --force replaces it', async () => {
    const target = await emptySite('occupied');
    await restoreBackup(configOf(target), backupFile, { force: false });
    fs.mkdirSync(path.join(target.dataDir, 'file-storage/1/1'), { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'file-storage/1/1/extra.txt'), 'written after the restore');
    fs.writeFileSync(path.join(target.dataDir, 'blobs/extra-blob'), 'not in the backup');
    // Opening a PGlite folder writes to it: the counts are read first.
    const countsBefore = await withDatabase(target, tableRowCounts);
    const before = fingerprint(target.dataDir);

    const refused = await npmRun('restore', [backupFile], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^restore: .*(is not empty|holds a site).*--force/)]);
    expect(fingerprint(target.dataDir)).toEqual(before);
    expect(await withDatabase(target, tableRowCounts)).toEqual(countsBefore);

    const forced = await restoreBackup(configOf(target), backupFile, { force: true });
    expect(fs.existsSync(path.join(target.dataDir, 'file-storage/1/1/extra.txt'))).toBe(false);
    expect(fs.existsSync(path.join(target.dataDir, 'blobs/extra-blob'))).toBe(false);
    if (onPostgres) expect(forced.setAside).toBeUndefined();
    else expect(fs.readFileSync(path.join(forced.setAside!, 'file-storage/1/1/extra.txt'), 'utf8')).toBe('written after the restore');
    await expectRestored(target, manifest);
  });

  it('refuses an archive with one changed byte, naming the entry, before writing anything', async () => {
    const unpacked = folder('unpacked');
    await tar.extract({ file: backupFile, cwd: unpacked });
    const blob = manifest.blobs.find((entry) => entry.file && entry.size > 0)!;
    const bytes = fs.readFileSync(path.join(unpacked, blob.file!));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 1;
    fs.writeFileSync(path.join(unpacked, blob.file!), bytes);
    const damaged = path.join(folder('damaged'), 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));

    const target = await emptySite('untouched');
    const refused = await npmRun('restore', [damaged], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `restore: the backup's ${blob.file} (blob ${blob.key}) is damaged: its sha256 differs from the manifest's`,
    );
    expect(fs.existsSync(target.dataDir)).toBe(false);
    if (target.databaseUrl) {
      const pool = await import('pg').then(({ default: pg }) => new pg.Pool({ connectionString: target.databaseUrl }));
      const { rows } = await pool.query<{ tables: string }>(`select count(*)::text as tables from pg_tables where schemaname = 'public'`);
      await pool.end();
      expect(rows[0]!.tables).toBe('0');
    }

    const truncated = path.join(folder('truncated'), 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, 2000));
    await expect(restoreBackup(configOf(target), truncated, { force: false })).rejects.toThrow(/is damaged or not a backup/);
    expect(fs.existsSync(target.dataDir)).toBe(false);
  });

  it('writes no backup that lacks a blob the database names, and names that blob', async () => {
    const source = { db: app.app.db, blobs: app.app.blobs, dataDir: app.dataDir };
    const [demoUser] = await queryRows<{ id: number }>(app.app.db, sql`select id from users where mobile = ${demoAccounts.user}`);
    const [row] = await queryRows<{ id: number }>(
      app.app.db,
      sql`insert into stored_files (user_id, area, path, size, md5) values (${demoUser!.id}, 'files', 'on-another-replica.bin', 3, 'x')
          returning id`,
    );
    const file = path.join(folder('unreachable'), 'site.tar.gz');
    try {
      await expect(writeBackup(source, file)).rejects.toThrow(
        new OperationRefusedError(
          `the blob store lacks users/${demoUser!.id}/files/on-another-replica.bin, which the database names (stored_files row ${row!.id}): ` +
            'no backup written (replicas need one shared blob store, BLOB_STORE=s3)',
        ),
      );
      expect(fs.readdirSync(path.dirname(file))).toEqual([]);
      await app.app.blobs.put(`users/${demoUser!.id}/files/on-another-replica.bin`, Readable.from([Buffer.from('abc')]));
      await writeBackup(source, file);
      expect((await manifestOf(file)).blobs.map((blob) => blob.key)).toContain(`users/${demoUser!.id}/files/on-another-replica.bin`);
    } finally {
      await app.app.blobs.remove(`users/${demoUser!.id}/files/on-another-replica.bin`);
      await queryRows(app.app.db, sql`delete from stored_files where id = ${row!.id}`);
    }
  });

  it('writes scheduled backups when one is due and keeps the newest BACKUP_KEEP', async () => {
    const dir = folder('scheduled');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const source = { db: app.app.db, blobs: app.app.blobs, dataDir: app.dataDir };
    const settings = { dir, intervalMs: 60 * 60_000, keep: 2 };
    const start = new Date('2026-11-23T08:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

    expect(await scheduledBackupPass(source, settings, at(0))).toEqual({
      written: path.join(dir, scheduledBackupName(at(0))),
      removed: [],
    });
    expect(await scheduledBackupPass(source, settings, at(59))).toEqual({ written: null, removed: [] });
    expect((await scheduledBackupPass(source, settings, at(60))).removed).toEqual([]);
    expect(await scheduledBackupPass(source, settings, at(125))).toEqual({
      written: path.join(dir, scheduledBackupName(at(125))),
      removed: [scheduledBackupName(at(0))],
    });
    expect(fs.readdirSync(dir).sort()).toEqual([
      'notes.txt',
      'suanli-backup-20261123T090000Z.tar.gz',
      'suanli-backup-20261123T100500Z.tar.gz',
    ]);
    expect((await manifestOf(path.join(dir, scheduledBackupName(at(125))))).createdAt).toBe(at(125).toISOString());
    for (const name of fs.readdirSync(dir).filter((entry) => entry.endsWith('.tar.gz'))) {
      expect([name, fs.statSync(path.join(dir, name)).mode & 0o777]).toEqual([name, 0o600]);
    }
  });

  it('does not restore a backup made by a newer version', async () => {
    const unpacked = folder('newer');
    await tar.extract({ file: backupFile, cwd: unpacked });
    const newer = {
      ...manifest,
      database: { ...manifest.database, migrations: [...manifest.database.migrations, '9999_from_the_future'] },
    };
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(newer));
    const file = path.join(folder('newer-archive'), 'newer.tar.gz');
    await tar.create({ gzip: true, file, cwd: unpacked }, fs.readdirSync(unpacked));
    const target = await emptySite('newer-target');
    await expect(restoreBackup(configOf(target), file, { force: false })).rejects.toThrow(
      'the backup was made by a newer version of the server (migration 9999_from_the_future is unknown here): restore it with that version',
    );
    expect(fs.existsSync(target.dataDir)).toBe(false);
  });
});
