/**
 * Server push: 1,000 SSE streams (one user's tabs) on one server receive one balance change; how long from the change
 * being made (a ledger charge in a pass, as metering makes it) to each client having the event: p50/p99 over 1,000
 * clients, for several changes in a row; and the server's heap per open stream. The clients run in a worker thread of
 * this process, on an event loop of their own.
 *   npx tsx bench/server-push.ts [clients] [rounds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../api-server/src/app.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase } from '../api-server/src/db/open-database.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { withUserChanges } from '../api-server/src/accounts/user-changes.js';
import { applyLedgerEntry } from '../api-server/src/billing/ledger.js';
import { percentile } from './bench-kit.js';

const clients = Number(process.argv[2] ?? 1_000);
const rounds = Number(process.argv[3] ?? 5);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapNow = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-push-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const opened = await openDatabase({ dataDir, databaseUrl });
await seedDemoData(opened.db);
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web') }),
  db: opened.db,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

try {
  const signedIn = await app.inject({
    method: 'POST',
    url: '/apis/user/api/user/login/password',
    payload: { mobile: '13800000001', password: 'Demo@2026' },
  });
  const { token, userInfo } = signedIn.json().data as { token: string; userInfo: { id: number } };

  const heapBefore = heapNow();
  const worker = new Worker(new URL('./server-push-clients.mjs', import.meta.url), {
    workerData: { url: `http://127.0.0.1:${port}/apis/user/auth/events`, token, count: clients },
  });
  const messages: Array<{ type: string; balance?: number; times?: number[] }> = [];
  let wake: (() => void) | undefined;
  worker.on('message', (message) => {
    messages.push(message);
    wake?.();
  });
  const nextMessage = async () => {
    while (messages.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return messages.shift()!;
  };

  const connectStart = performance.now();
  await nextMessage();
  const connectMs = performance.now() - connectStart;
  const streams = app.push.openStreams;
  const heapPerStream = (heapNow() - heapBefore) / streams;

  const rows: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const start = performance.timeOrigin + performance.now();
    await withUserChanges(app.userChanges.hear, () =>
      applyLedgerEntry(app.db, { userId: userInfo.id, amount: -1_000, kind: 'charge', note: '推送基准', at: new Date() }),
    );
    const arrived = await nextMessage();
    const delays = arrived.times!.map((time) => time - start).sort((a, b) => a - b);
    rows.push(
      `change ${round}: p50 ${percentile(delays, 50).toFixed(1)} ms   p99 ${percentile(delays, 99).toFixed(1)} ms   last ${delays.at(-1)!.toFixed(1)} ms`,
    );
  }
  await worker.terminate();

  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${clients} SSE clients of one user on one server, ${os.cpus().length} cores`);
  console.log(`${streams} streams open with their snapshot in ${connectMs.toFixed(0)} ms`);
  console.log(`server heap per open stream: ${(heapPerStream / 1024).toFixed(1)} KiB`);
  console.log('one balance change (ledger charge → event on every client):');
  for (const row of rows) console.log(`  ${row}`);
} finally {
  await app.close();
  await opened.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
