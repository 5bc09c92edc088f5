/**
 * File storage listing figures (not a test): a folder of 10,000 files listed through the real call
 * (`POST /apis/orion/auth/sftp/list`, `app.inject`), the first page of 100 sorted by name and the whole
 * folder in one answer (what the file browser asks), p50/p99 ms, on the local cluster and on an SFTP
 * cluster (OpenSSH sshd on 127.0.0.1 started here); and the same folder on the cloud disk over S3 (s3rver started
 * here), listed through `GET /apis/cloud-net-disk/auth/list`: its first page, and the whole folder by continuation tokens.
 *   npx tsx bench/storage-list.ts [runs]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buildApp } from '../api-server/src/app.js';
import { loadConfig } from '../api-server/src/config.js';
import { hpcClusters } from '../api-server/src/db/schema.js';
import { openDatabase, type Database } from '../api-server/src/db/open-database.js';
import { demoAccounts, demoPassword, seedDemoData } from '../api-server/src/seed/demo-data.js';
import { login, ManualClock } from '../api-server/src/test-support/test-app.js';
import { startSshd } from '../api-server/src/test-support/sshd-peer.js';
import { startS3Peer } from '../api-server/src/test-support/s3-peer.js';
import { cloudDiskRoot } from '../api-server/src/storage/cloud-disk.js';
import ensureSshd from '../api-server/src/test-support/ensure-sshd.js';
import { percentile, query } from './bench-kit.js';

const runs = Number(process.argv[2] ?? 30);
const entries = 10_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-storage-'));

/** 10,000 small files in `folder` of a home on this machine (the local cluster's, or the one sshd serves). */
function fill(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  for (let n = 0; n < entries; n++) fs.writeFileSync(path.join(folder, `file-${String(n).padStart(5, '0')}.bin`), String(n));
}

/** The cloud disk on S3 (s3rver): 10,000 objects under one prefix, listed page by page as the cloud disk screen does. */
async function measureS3(db: Database, token: string, userId: number) {
  const peer = await startS3Peer();
  try {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') });
    const app = await buildApp({
      config: { ...config, blobs: { store: 's3', s3: peer.settings } },
      db,
      clock: new ManualClock(),
      logger: false,
    });
    await app.ready();
    const [region] = await query(app.db, 'select code from regions order by code limit 1');
    const regionCode = String(region!.code);
    const activation = await app.inject({
      method: 'POST',
      url: '/apis/cloud-net-disk/auth/activation',
      headers: { token },
      payload: { regionCode },
    });
    if (activation.json().code !== 200) throw new Error(`activation answered ${activation.body}`);
    const root = cloudDiskRoot(userId, regionCode);
    for (let start = 0; start < entries; start += 32) {
      await Promise.all(
        Array.from({ length: Math.min(32, entries - start) }, (_, i) =>
          app.blobs.put(`${root}big/file-${String(start + i).padStart(5, '0')}.bin`, Readable.from([Buffer.from(String(start + i))])),
        ),
      );
    }
    const page = async (continuationToken?: string) => {
      const query = new URLSearchParams({ regionCode, prefix: 'big/', ...(continuationToken ? { continuationToken } : {}) });
      const response = await app.inject({ method: 'GET', url: `/apis/cloud-net-disk/auth/list?${query}`, headers: { token } });
      const answer = response.json() as { code: number; data: { files: { key: string }[]; nextContinuationToken: string | null } };
      if (answer.code !== 200) throw new Error(`list answered ${response.body.slice(0, 200)}`);
      return answer.data;
    };
    const timed = async (run: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let n = 0; n < runs + 2; n++) {
        const started = performance.now();
        await run();
        if (n >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
    };
    const wholeFolder = async () => {
      const keys = new Set<string>();
      let token: string | null | undefined;
      do {
        const answer = await page(token ?? undefined);
        for (const file of answer.files) keys.add(file.key);
        token = answer.nextContinuationToken;
      } while (token);
      if (keys.size !== entries) throw new Error(`the cloud disk listed ${keys.size} objects, not ${entries}`);
    };
    const first = await timed(() => page());
    console.log(
      `  ${'S3 (s3rver), cloud disk'.padEnd(28)} first page: ${first}; all 10,000 by continuation token: ${await timed(wholeFolder)}`,
    );
    await app.close();
  } finally {
    await peer.close();
  }
}

ensureSshd();
const sshd = await startSshd();
const opened = await openDatabase({ dataDir });
try {
  await seedDemoData(opened.db);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }),
    db: opened.db,
    clock: new ManualClock(),
    logger: false,
  });
  await app.ready();
  const token = await login(app, demoAccounts.user, demoPassword);
  const [user] = await query(app.db, `select id from users where mobile = '${demoAccounts.user}'`);
  const [local] = await query(app.db, `select id from hpc_clusters where kind = 'local'`);
  const [sftp] = await app.db
    .insert(hpcClusters)
    .values({
      name: 'bench',
      kind: 'sftp',
      ...sshd.target,
      homeTemplate: `${sshd.homes}/{userId}`,
      quotaBytes: 1 << 30,
      quotaFiles: 100_000,
    })
    .returning();
  fill(path.join(dataDir, 'file-storage', String(local!.id), String(user!.id), 'big'));
  fill(path.join(sshd.homes, String(user!.id), 'big'));

  const measure = async (clusterId: number, pageSize: number) => {
    const times: number[] = [];
    for (let run = 0; run < runs + 2; run++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/apis/orion/auth/sftp/list',
        headers: { token },
        payload: { clusterId, path: 'big', sort: 'name', pageSize },
      });
      const answer = response.json() as { code: number; data: { total: number } };
      if (answer.code !== 200 || answer.data.total !== entries) throw new Error(`list answered ${response.body.slice(0, 200)}`);
      if (run >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
  };

  console.log(`list a folder of ${entries.toLocaleString('en')} files through POST /apis/orion/auth/sftp/list, ${runs} runs each`);
  for (const [name, clusterId] of [
    ['local folder', Number(local!.id)],
    ['SFTP (OpenSSH on 127.0.0.1)', sftp!.id],
  ] as const) {
    console.log(
      `  ${name.padEnd(28)} first page of 100: ${await measure(clusterId, 100)}; all 10,000: ${await measure(clusterId, entries)}`,
    );
  }
  await app.close();
  await measureS3(opened.db, token, Number(user!.id));
} finally {
  await opened.close();
  await sshd.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
