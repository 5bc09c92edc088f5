/**
 * Issue 31's server rows, each against its reference, on the production build (tools/server-build): the list calls
 * users wait on — instances (the signed-in demo user rents four first), the blog, bills — against the bare health route
 * of the same server process, and the bare route against a minimal Fastify hello (requests per second, p99 and their
 * ratio, 10 connections); the bare route's p99 while the blog list runs beside it (what a list holds up); the server's
 * restart to first answer (killed like a crash, started again on the same data) against a Node hello's start; its
 * resident memory when idle against the 400 MB goal: 3 s after the lists, and again 30 s after them, once V8 has had
 * time to give back the memory the lists left behind. PGlite in a temp folder, or PostgreSQL when DATABASE_URL is set;
 * autocannon drives the servers from this process.
 *   npx tsx bench/list-calls.ts [seconds] [connections]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../api-server/src/test-support/free-port.js';
import { buildServer } from '../api-server/src/test-support/server-build.js';
import { ServerProcess } from '../api-server/src/test-support/server-process.js';

const [secondsArg, connectionsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 10);

const apiServerDir = path.resolve(import.meta.dirname, '../api-server');
const rssMb = (pid: number | undefined) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** A reference server (`script`, an ES module run in api-server/ so it finds Fastify) and how long it took to answer. */
async function startReference(script: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: apiServerDir,
    env: { ...process.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}/`;
  // Polled as ServerProcess polls the server, so both starts are measured alike.
  for (;;) {
    if (
      await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const startMs = performance.now() - started;
  return { url, startMs, stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL')) };
}
const nodeHello = `import http from 'node:http'; http.createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1');`;
const fastifyHello = `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

const build = buildServer();
const server = await ServerProcess.start({ compiled: build.serverJs });
try {
  const base = server.apiBase;
  const login = await fetch(`${base}/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  }).then((r) => r.json());
  const token: string = login.data.token;
  const call = async <T>(route: string, body?: object): Promise<T> => {
    const answer = await fetch(base + route, {
      method: body ? 'POST' : 'GET',
      headers: { token, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    }).then((r) => r.json());
    if (answer.code !== 200) throw new Error(`${route}: ${answer.msg}`);
    return answer.data;
  };

  // A console as its users have it: the demo's instances are all released, and an empty page is not the list users wait on.
  const [region] = await call<{ regionCode: string }[]>('/node/auth/region/list-enable');
  const models = await call<{ gpuModelId: number; freeGpu: number }[]>(`/node/auth/deviceType/statistics?regionCode=${region!.regionCode}`);
  const [image] = await call<{ id: number }[]>('/image/auth/allSys');
  for (let rented = 0; rented < 4; rented++) {
    const model = models.find((candidate) => candidate.freeGpu > rented) ?? models[0]!;
    const order = { regionCode: region!.regionCode, gpuModelId: model.gpuModelId, gpuCount: 1, billingType: 1, imageId: image!.id };
    const { quoteToken } = await call<{ quoteToken: string }>('/user/auth/order/price/preview', order);
    await call('/user/auth/order/info/pay', { ...order, quoteToken });
  }

  // Refusals travel as HTTP 200 too: an answer counts only when its envelope says code 200.
  const envelopeOk = (body: string | Buffer | undefined) => String(body).startsWith('{"code":200');
  const page = JSON.stringify({ pageNum: 1, pageSize: 10 });
  const post = { method: 'POST' as const, headers: { token, 'content-type': 'application/json' }, body: page };
  const run = async (title: string, route: string, options: Partial<autocannon.Options> = {}) => {
    const result = await autocannon({ url: base + route, connections, duration: seconds, verifyBody: envelopeOk, ...options });
    const failures = result.non2xx + result.errors + result.timeouts + result.mismatches;
    return { title, reqPerSec: result.requests.average, p99: result.latency.p99, failures };
  };
  await run('warm-up', '/system/api/health', { duration: 2 });
  await run('warm-up', '/container/auth/list', { ...post, duration: 2 });
  // The hello and the bare route alternate (hello, bare, bare, hello, half the time each): measured once each, one
  // after the other, the hello's rate swung by 80 % between runs of this bench on a shared machine.
  const fastify = await startReference(fastifyHello);
  const helloRun = () => autocannon({ url: fastify.url, connections, duration: seconds / 2 }).then((result) => result.requests.average);
  const bareRun = () => run('GET /apis/system/api/health (bare)', '/system/api/health', { duration: seconds / 2 });
  const hellos = [await helloRun()];
  const bares = [await bareRun(), await bareRun()];
  hellos.push(await helloRun());
  await fastify.stop();
  const helloRate = (hellos[0]! + hellos[1]!) / 2;
  const bare = {
    title: bares[0]!.title,
    reqPerSec: (bares[0]!.reqPerSec + bares[1]!.reqPerSec) / 2,
    p99: Math.max(bares[0]!.p99, bares[1]!.p99),
    failures: bares[0]!.failures + bares[1]!.failures,
  };
  const lists = [
    await run('POST /apis/container/auth/list (instances)', '/container/auth/list', post),
    await run('POST /apis/community/api/blog/list (blog)', '/community/api/blog/list', post),
    await run('POST /apis/user/auth/bill/list (bills)', '/user/auth/bill/list', post),
  ];

  // The bare route with one connection, alone and while the blog list keeps 10 connections busy beside it.
  const probe = { connections: 1, duration: seconds };
  const bareAlone = await run('bare alone', '/system/api/health', probe);
  const [bareBeside] = await Promise.all([
    run('bare beside', '/system/api/health', probe),
    run('blog list', '/community/api/blog/list', post),
  ]);

  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRssMb = rssMb(server.pid);
  await new Promise((resolve) => setTimeout(resolve, 27_000));
  const longIdleRssMb = rssMb(server.pid);

  await server.kill();
  const restartStart = performance.now();
  await server.launch();
  const restartMs = performance.now() - restartStart;
  const node = await startReference(nodeHello);
  await node.stop();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const restartedRssMb = rssMb(server.pid);

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores`);
  for (const r of [bare, ...lists]) {
    const ratio = r === bare ? '' : `   ${(r.reqPerSec / bare.reqPerSec).toFixed(3)} × bare`;
    console.log(
      `${r.title.padEnd(46)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   failures ${r.failures}${ratio}`,
    );
  }
  console.log(`bare route vs a minimal Fastify hello (${helloRate.toFixed(0)} req/s): ${(bare.reqPerSec / helloRate).toFixed(3)} ×`);
  console.log(
    `bare route p99 with 1 connection: alone ${bareAlone.p99} ms, beside the blog list ${bareBeside.p99} ms (${(bareBeside.p99 / Math.max(1, bareAlone.p99)).toFixed(1)} ×)`,
  );
  console.log(
    `restart to first answer (killed, started again): ${(restartMs / 1000).toFixed(2)} s, ${(restartMs / node.startMs).toFixed(1)} × a Node hello's start (${node.startMs.toFixed(0)} ms); goal ≤ 2 s`,
  );
  console.log(
    `idle memory: after the first start (demo data written) and the lists ${idleRssMb.toFixed(0)} MB RSS 3 s after them, ` +
      `${(idleRssMb / 400).toFixed(2)} × the 400 MB goal; ${longIdleRssMb.toFixed(0)} MB 30 s after them, ${(longIdleRssMb / 400).toFixed(2)} ×; ` +
      `after the restart ${restartedRssMb.toFixed(0)} MB, ${(restartedRssMb / 400).toFixed(2)} ×`,
  );
} finally {
  await server.stop();
  build.remove();
}
