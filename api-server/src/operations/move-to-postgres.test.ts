import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3BlobStore } from '../blobs/s3-blob-store.js';
import { openDatabase } from '../db/open-database.js';
import { writeClockFile } from '../file-clock.js';
import { repoRoot } from '../repo-root.js';
import { keptSecret } from '../lib/kept-secret.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { startPostgresPeer, type PostgresPeer } from '../test-support/postgres-peer.js';
import { startS3Peer, type S3Peer } from '../test-support/s3-peer.js';
import { ServerProcess } from '../test-support/server-process.js';
import { listAllBlobs } from './blob-snapshot.js';
import { tableRowCounts } from './database-snapshot.js';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const cloudRegion = 'hd-2';

/** The operator's shell: this run's environment without any site setting, which each run gives itself. */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(DATA_DIR|DATABASE_URL|BLOB_STORE|S3_\w+|UPLOAD_SIGNING_SECRET|QUOTE_SIGNING_SECRET|CLOCK_FILE)$/.test(name),
  ),
);

/** `npm run move-to-postgres`, as an operator runs it. */
function runMove(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn('npx', ['tsx', 'api-server/src/operations/move-command.ts', ...args], {
    cwd: repoRoot,
    env: { ...shellEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

/** What `set -a; . file; set +a` puts in a shell's environment. */
function sourcedEnvFile(file: string): Record<string, string> {
  const names = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(0, line.indexOf('=')));
  const dump = execFileSync('env', ['-i', 'bash', '--norc', '-c', 'set -a; . "$1"; set +a; env -0', 'sh', file], { encoding: 'utf8' });
  const env = Object.fromEntries(dump.split('\0').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return Object.fromEntries(names.map((name) => [name, env[name]!]));
}

class Site {
  constructor(
    readonly server: ServerProcess,
    private token = '',
  ) {}

  async call<T = any>(route: string, body: unknown = {}): Promise<T> {
    const response = await fetch(`${this.server.apiBase}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { token: this.token } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; data: T; msg: string };
    if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
    return answer.data;
  }

  async get<T = any>(route: string): Promise<T> {
    const answer = (await (await fetch(`${this.server.apiBase}${route}`, { headers: { token: this.token } })).json()) as { data: T };
    return answer.data;
  }

  async signIn(): Promise<void> {
    this.token = (
      await this.call<{ token: string }>('/user/api/user/login/password', { mobile: demoAccounts.user, password: demoPassword })
    ).token;
  }

  balance = async () => (await this.call<{ ownBalance: number }>('/user/auth/user/account/view')).ownBalance;

  /** A sandbox recharge, paid on the sandbox cashier page. */
  async recharge(amount: number, key: string): Promise<void> {
    const created = await this.call<{ payUrl: string }>('/user/auth/recharge/create', { amount, method: 'sandbox', idempotencyKey: key });
    const confirmed = await fetch(`${this.server.url}${created.payUrl}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(confirmed.status).toBe(303);
  }

  /** Rents the cheapest free card, pay-as-you-go, through a quote. */
  async rentInstance(): Promise<number> {
    const offers = [];
    for (const { regionCode } of await this.get<{ regionCode: string }[]>('/node/auth/region/list-enable')) {
      const models = await this.get<{ gpuModelId: number; hourPrice: number; freeGpu: number }[]>(
        `/node/auth/deviceType/statistics?regionCode=${regionCode}`,
      );
      offers.push(...models.filter((model) => model.freeGpu > 0).map((model) => ({ ...model, regionCode })));
    }
    const cheapest = offers.sort((a, b) => a.hourPrice - b.hourPrice)[0]!;
    const [image] = await this.get<{ id: number }[]>('/image/auth/allSys');
    const order = { regionCode: cheapest.regionCode, gpuModelId: cheapest.gpuModelId, gpuCount: 1, billingType: 1, imageId: image!.id };
    const { quoteToken } = await this.call<{ quoteToken: string }>('/user/auth/order/price/preview', { ...order, dataDiskExtraGb: 0 });
    const { instance } = await this.call<{ instance: { id: number } }>('/user/auth/order/info/pay', {
      ...order,
      dataDiskExtraGb: 0,
      quoteToken,
    });
    return instance.id;
  }

  /** Puts a file on the cloud disk through the presigned URL the store hands out, as the browser does. */
  async uploadToCloudDisk(fileName: string, bytes: Buffer): Promise<void> {
    await this.call('/cloud-net-disk/auth/activation', { regionCode: cloudRegion });
    const signed = await this.call<{ url: string }>('/cloud-net-disk/auth/single-presigned', {
      regionCode: cloudRegion,
      prefix: 'models',
      fileName,
      fileSize: bytes.length,
    });
    const put = await fetch(new URL(signed.url, this.server.url), { method: 'PUT', body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
  }

  /** The URL the cloud disk hands out for the file, and the bytes it answers. */
  async downloadFromCloudDisk(key: string): Promise<{ url: string; bytes: Buffer }> {
    const { url } = await this.call<{ url: string }>('/cloud-net-disk/auth/download-presigned', { regionCode: cloudRegion, key });
    const absolute = new URL(url, this.server.url);
    const response = await fetch(absolute);
    expect(response.status).toBe(200);
    return { url: absolute.href, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** What the account's pages list: instances, orders and bill lines. */
  async listings() {
    const instances = await this.call<{ list: Array<{ id: number }> }>('/container/auth/list', { pageNum: 1, pageSize: 100 });
    const orders = await this.call<{ list: Array<{ orderNo: string; status: number }>; total: number }>('/user/auth/order/list', {
      pageNum: 1,
      pageSize: 100,
    });
    const bills = await this.call<{ list: unknown[]; total: number }>('/user/auth/bill/list', { pageNum: 1, pageSize: 100 });
    return {
      instanceIds: instances.list.map((instance) => instance.id).sort((a, b) => a - b),
      orders: orders.list.map((order) => ({ orderNo: order.orderNo, status: order.status })),
      ordersTotal: orders.total,
      bills: bills.list,
      billsTotal: bills.total,
    };
  }
}

// One pass runs it: the site it moves is always on PGlite, and the database it moves to is one of its own on
// TEST_POSTGRES_URL's server, whichever database the pass gives the other tests; the PostgreSQL pass ran it again
// unchanged (60-77 s of each pass in ci38).
describe.skipIf(process.env.DATABASE_URL)('moving a site from the embedded database and local blobs to PostgreSQL and S3', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-move-'));
  const dataDir = path.join(scratch, 'data');
  const clockFile = path.join(scratch, 'clock');
  const upload = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31 + (i >> 8)) % 251));
  let postgres: PostgresPeer;
  let s3: S3Peer;
  let destinationEnv: Record<string, string>;
  let source: Site;
  let instanceId: number;
  let before: Awaited<ReturnType<Site['listings']>>;
  let balanceBefore: number;

  beforeAll(async () => {
    // The clock stands still, so no metering pass charges anything between the two sides' readings.
    writeClockFile(clockFile, new Date());
    fs.mkdirSync(dataDir);
    // The run's migrated and seeded database.
    const template = inject('databaseTemplate');
    if (template.kind === 'pglite') fs.cpSync(path.join(template.dataDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    [postgres, s3] = await Promise.all([startPostgresPeer(), startS3Peer()]);
    destinationEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      BLOB_STORE: 's3',
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: s3.settings.region,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    source = new Site(await ServerProcess.start({ dataDir, env: { DATABASE_URL: '', BLOB_STORE: 'local', CLOCK_FILE: clockFile } }));
  }, 180_000);
  afterAll(async () => {
    await source?.server.stop();
    await postgres?.close();
    await s3?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses while the server holds the data folder', async () => {
    await source.signIn();
    await source.recharge(100_000, 'before-the-move');
    instanceId = await source.rentInstance();
    await source.uploadToCloudDisk('权重.bin', upload);
    before = await source.listings();
    balanceBefore = await source.balance();
    expect(before.instanceIds).toContain(instanceId);
    expect(before.ordersTotal).toBeGreaterThanOrEqual(2);
    expect(md5((await source.downloadFromCloudDisk('models/权重.bin')).bytes)).toBe(md5(upload));

    const refused = await runMove(destinationEnv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Data directory ${dataDir} is in use by process`);
    expect(refused.stderr).toContain('The server must be stopped while its site moves.');
    await source.server.stop();
  }, 120_000);

  it('moves everything, checks both sides, and the site runs on the moved data', async () => {
    const moved = await runMove(destinationEnv);
    expect(moved.stderr).not.toContain('move-to-postgres:');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^trial balance\s+0\s+0$/m);
    expect(moved.stdout).toMatch(/^blob bytes \(sha256 checked\)\s+\d+\s+equal$/m);
    expect(moved.stdout).toContain('Moved, and both sides agree.');
    expect(moved.stdout).toContain(`  DATABASE_URL=${postgres.url}`);
    expect(moved.stdout).toContain('  BLOB_STORE=s3');
    expect(moved.stdout).toContain('  S3_SECRET_ACCESS_KEY=****');
    const envFile = path.join(dataDir, 'moved.env');
    expect(moved.stdout).toContain(`set -a; . ${envFile}; set +a; npm start`);
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);

    const settings = sourcedEnvFile(envFile);
    expect(settings).toMatchObject({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, BLOB_STORE: 's3', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    // The moved site signs with the very key the old one kept: what it signed before the move stays valid.
    expect(keptSecret(settings.UPLOAD_SIGNING_SECRET, os.tmpdir(), 'unused.key')).toEqual(
      keptSecret(undefined, dataDir, 'upload-signing.key'),
    );
    expect(keptSecret(settings.QUOTE_SIGNING_SECRET, os.tmpdir(), 'unused.key')).toEqual(
      keptSecret(undefined, dataDir, 'quote-signing.key'),
    );
    expect(moved.stdout).not.toContain(settings.UPLOAD_SIGNING_SECRET);
    expect(moved.stdout).not.toContain(settings.QUOTE_SIGNING_SECRET);

    const site = new Site(await ServerProcess.start({ dataDir, env: { ...settings, CLOCK_FILE: clockFile } }));
    try {
      await site.signIn();
      expect(await site.balance()).toBe(balanceBefore);
      const after = await site.listings();
      expect(after).toEqual(before);
      expect(after.instanceIds).toContain(instanceId);

      const download = await site.downloadFromCloudDisk('models/权重.bin');
      expect(download.url.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/`)).toBe(true);
      expect(md5(download.bytes)).toBe(md5(upload));

      await site.recharge(50_000, 'after-the-move');
      expect(await site.balance()).toBe(balanceBefore + 50_000);
      expect((await site.listings()).ordersTotal).toBe(before.ordersTotal + 1);
    } finally {
      await site.server.stop();
    }
  }, 240_000);

  it('refuses a destination that already holds a site and changes nothing there, unless forced', async () => {
    const bucket = new S3BlobStore(s3.settings);
    const state = async () => {
      const database = await openDatabase({ dataDir: scratch, databaseUrl: postgres.url });
      try {
        const objects = (await listAllBlobs(bucket)).map((blob) => `${blob.key} ${blob.size}`);
        return { rows: await tableRowCounts(database.db), objects };
      } finally {
        await database.close();
      }
    };
    const held = await state();
    const again = await runMove(destinationEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the destination database already holds a site (users): give --force to replace its data');
    expect(await state()).toEqual(held);

    // Told to, it replaces what the moved site wrote since (the recharge) with the source's data again.
    const forced = await runMove(destinationEnv, ['--force']);
    expect(forced.code).toBe(0);
    const sourceDatabase = await openDatabase({ dataDir });
    const sourceRows = await tableRowCounts(sourceDatabase.db).finally(() => sourceDatabase.close());
    expect(sourceRows).not.toEqual(held.rows);
    expect(await state()).toEqual({ rows: sourceRows, objects: held.objects });
  }, 180_000);
});
