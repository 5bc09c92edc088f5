import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { netDiskFolder } from '../../storage/net-disk-volume.js';
import { netDiskTreeKey } from '../../storage/file-trees.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

const files = 1_000;
const fileBytes = 128 * 1024;
const MiB = 1024 * 1024;

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * The heap and buffers this process (server and client both) holds live, after a full collection: what a zip held
 * whole would show in, without the garbage a stream leaves behind for the collector (its timing would make it noise).
 */
const held = () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** How often, in bytes received, the download samples memory: a few full collections, however fast or slow the answer. */
const sampleEveryBytes = 16 * MiB;

/**
 * Posts the share page's download form and writes the answer to `file` as it comes, sampling memory every 16 MB of it.
 * Sampled by the clock instead, a loaded machine ran a full collection every second of a slow answer (each pausing the
 * server in this process too) and a quiet one could finish before the first sample.
 */
function downloadTo(pass: string, file: string): Promise<{ status: number; bytes: number; peak: number }> {
  return new Promise((resolve, reject) => {
    let peak = held();
    const request = http.request(
      `${origin}/apis/data/api/share/download`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (response) => {
        let bytes = 0;
        let nextSample = sampleEveryBytes;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes < nextSample) return;
          nextSample += sampleEveryBytes;
          peak = Math.max(peak, held());
        });
        response.pipe(fs.createWriteStream(file)).on('finish', () => resolve({ status: response.statusCode ?? 0, bytes, peak }));
      },
    );
    request.on('error', reject);
    request.end(new URLSearchParams({ pass, path: '' }).toString());
  });
}

it('zips a shared folder of 1,000 files as a stream: memory stays flat while 125 MB go out', async () => {
  const owner = await userWithBalance(t.app, 100_000);
  const region = 'hd-2';
  expect(await call(t.app, 'POST', '/apis/net-disk/auth/activation', { regionCode: region, sizeGb: 2 }, owner.token)).toMatchObject({
    code: 200,
  });
  const folder = path.join(netDiskFolder(t.app, owner.id, region), '千个文件');
  fs.mkdirSync(folder, { recursive: true });
  // Incompressible bytes, so the zip is as large as the folder.
  const content = randomBytes(fileBytes);
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(folder, `f${String(i).padStart(4, '0')}.bin`), content);

  const share = await call(
    t.app,
    'POST',
    '/apis/data/auth/share/create',
    { source: netDiskTreeKey(region), path: '千个文件', expiryDays: 1 },
    owner.token,
  );
  const opened = await call(t.app, 'POST', '/apis/data/api/share/open', { token: share.data.token });
  expect(opened.data.item).toMatchObject({ isDir: true, size: files * fileBytes });

  const before = held();
  const zipFile = path.join(t.dataDir, 'answer.zip');
  const answer = await downloadTo(opened.data.pass, zipFile);
  expect(answer.status).toBe(200);
  expect(answer.bytes).toBeGreaterThan(files * fileBytes);
  expect(execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(files);
  // Held whole, the zip alone would add 125 MB; streamed, only what is in flight (10 to 40 MB of
  // read-ahead and socket buffers here, whatever the folder's size).
  const growth = answer.peak - before;
  console.log(`memory growth while zipping ${(answer.bytes / MiB).toFixed(0)} MB: ${(growth / MiB).toFixed(1)} MB`);
  expect(growth).toBeLessThan(80 * MiB);
}, 120_000);
