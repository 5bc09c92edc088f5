/**
 * Podman driver figures (not a test), through the real app with its scheduler running:
 *  1. one instance: from the pay call to running and to exec-ready (a process runs in it, as a login
 *     through the SSH gateway does), then stop and start;
 *  2. the Podman service killed while the instance runs: kill → ready again (GET /apis/ready) and → exec-ready;
 *  3. `parallel` instances paid for at once on one node: pay → running, p50 and p99;
 *  4. deploy → app ready: the seeded 文件浏览器 (python3 -m http.server) and Jupyter Notebook deployed, until the
 *     console shows the application's service 运行中 (its readiness check answers).
 * Needs Podman and the system image (`npm run images`). PGlite in a temp folder.
 *   npx tsx bench/podman-instances.ts [parallel]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../api-server/src/app.js';
import { loadConfig } from '../api-server/src/config.js';
import { openDatabase, type Database } from '../api-server/src/db/open-database.js';
import { seedDemoData } from '../api-server/src/seed/demo-data.js';
import { createAccount } from '../api-server/src/accounts/accounts.js';
import { startSession } from '../api-server/src/accounts/sessions.js';
import { applyLedgerEntry } from '../api-server/src/billing/ledger.js';
import { startScheduler } from '../api-server/src/compute/scheduler.js';
import { Status } from '../api-server/src/compute/states.js';
import { podmanOfTestApp } from '../api-server/src/test-support/podman-namespace.js';

const parallel = Number(process.argv[2] ?? 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-podman-'));
const database = await openDatabase({ dataDir });
await seedDemoData(database.db);
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, COMPUTE_DRIVER: 'podman' }), db: database.db, logger: false });
await app.ready();
const stopScheduler = startScheduler(app);
const podman = podmanOfTestApp(dataDir);

/** Raw SQL on the driver's own client: drizzle-orm stays inside api-server. */
async function query(db: Database, text: string, params: unknown[] = []) {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<{ id: number }> }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

const [model] = await query(app.db, `select id from gpu_models where code = 'rtx4090'`);
const [node] = await query(
  app.db,
  `insert into compute_nodes (region_code, name, gpu_model_id, gpu_total, gpu_free, cpu_per_gpu, memory_per_gpu_gb, cuda_version, ssh_host)
   values ('xb-1', 'bench-podman', $1, $2, $2, 1, 1, '12.4', 'localhost') returning id`,
  [model!.id, parallel + 3],
);
const [image] = await query(app.db, `select id from images where name = 'PyTorch 2.3.0'`);
const account = await createAccount(app.db, { mobile: '17900000001', passwordHash: 'x', nickname: 'bench' });
await applyLedgerEntry(app.db, { userId: account.id, amount: 100_000_000, kind: 'grant', note: 'bench', at: new Date() });
const token = await startSession(app, account.id, { ip: '127.0.0.1', userAgent: 'bench' });

async function post(url: string, body: object) {
  const response = await app.inject({ method: 'POST', url, payload: body, headers: { token } });
  const answer = response.json();
  if (answer.code !== 200) throw new Error(`${url}: ${answer.msg}`);
  return answer.data;
}

async function pay(appId?: number) {
  const order = { regionCode: 'xb-1', gpuModelId: model!.id, nodeId: node!.id, imageId: image!.id, gpuCount: 1, billingType: 1, appId };
  const { quoteToken } = await post('/apis/user/auth/order/price/preview', order);
  return (await post('/apis/user/auth/order/info/pay', { ...order, quoteToken })).instance.id as number;
}

const instanceRow = async (id: number) => (await app.db.query.instances.findFirst({ where: (row, { eq }) => eq(row.id, id) }))!;

async function until(id: number, status: Status) {
  for (;;) {
    const row = await instanceRow(id);
    if (row.status === status && row.nextStatus === null) return row;
    if (row.status === Status.failed) throw new Error(`instance ${id} failed: ${row.stopReason}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function execReady(id: number) {
  const session = await app.compute.driver.exec(await instanceRow(id), { command: ['true'], tty: null });
  session.stdin.end();
  session.stdout.resume();
  if ((await session.exited) !== 0) throw new Error('exec failed');
}

/** Kills the Podman service this app started, as a crash would. */
function killPodmanService() {
  const socket = path.join(dataDir, 'podman', 'podman.sock');
  const pid = execFileSync('pgrep', ['-f', `system service --time=0 unix://${socket}`], { encoding: 'utf8' })
    .trim()
    .split('\n')[0];
  process.kill(Number(pid), 'SIGKILL');
}

async function ready() {
  for (;;) {
    if ((await app.inject({ method: 'GET', url: '/apis/ready' })).statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function untilExecReady(id: number) {
  for (;;) {
    try {
      return await execReady(id);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Deploys the seeded application and waits until the console shows its service 运行中. */
async function deployToReady(name: string) {
  const [seeded] = await query(app.db, `select id from applications where name = $1`, [name]);
  const begun = performance.now();
  const id = await pay(seeded!.id);
  for (;;) {
    const { list } = await post('/apis/container/auth/list', { pageNum: 1, pageSize: 1, id });
    if (list[0].app?.state === 'running') return performance.now() - begun;
    if (list[0].app?.state === 'failed') throw new Error(`${name} failed: ${list[0].app.reason}`);
    if (performance.now() - begun > 120_000) throw new Error(`${name} is not ready after 2 minutes: ${JSON.stringify(list[0].app)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

try {
  const fileBrowserReady = await deployToReady('文件浏览器');
  const jupyterReady = await deployToReady('Jupyter Notebook');
  const started = performance.now();
  const id = await pay();
  await until(id, Status.running);
  const toRunning = performance.now() - started;
  await execReady(id);
  const toExec = performance.now() - started;
  const stop = await timed(async () => {
    await post('/apis/user/auth/user/instance/stop', { id });
    await until(id, Status.stopped);
  });
  const start = await timed(async () => {
    await post('/apis/user/auth/user/instance/start', { id });
    await until(id, Status.running);
  });

  killPodmanService();
  const killedAt = performance.now();
  await ready();
  const toReady = performance.now() - killedAt;
  await untilExecReady(id);
  const toExecAgain = performance.now() - killedAt;

  const many = await Promise.all(
    Array.from({ length: parallel }, async () => {
      const begun = performance.now();
      const instanceId = await pay();
      await until(instanceId, Status.running);
      return performance.now() - begun;
    }),
  );
  console.log(`\nPodman driver, ${os.cpus().length} cores (the scheduler ticks every second; a finished transition completes at once)`);
  console.log(`one instance: pay → running ${ms(toRunning)}, pay → exec-ready ${ms(toExec)}, stop ${ms(stop)}, start ${ms(start)}`);
  console.log(`Podman service killed: → ready ${ms(toReady)}, → exec-ready ${ms(toExecAgain)}`);
  console.log(`${parallel} instances paid for at once: pay → running p50 ${ms(percentile(many, 50))}, p99 ${ms(percentile(many, 99))}`);
  console.log(`deploy → app ready (运行中): 文件浏览器 ${ms(fileBrowserReady)}, Jupyter Notebook ${ms(jupyterReady)}`);
} finally {
  await stopScheduler();
  await podman.removeAll();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
