/**
 * The list calls users wait on — instances, the blog, bills — against the bare health route of the same server
 * process (requests per second, p99 and their ratio, 10 connections), then the server's restart to first answer
 * (killed like a crash, started again on the same data) and its resident memory when idle. PGlite in a temp folder,
 * or PostgreSQL when DATABASE_URL is set; autocannon drives the server from this process.
 *   npx tsx bench/list-calls.ts [seconds] [connections]
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { ServerProcess } from '../api-server/src/test-support/server-process.js';

const [secondsArg, connectionsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 10);

const server = await ServerProcess.start();
try {
  const base = server.apiBase;
  const login = await fetch(`${base}/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  }).then((r) => r.json());
  const token: string = login.data.token;

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
  const bare = await run('GET /apis/system/api/health (bare)', '/system/api/health');
  const lists = [
    await run('POST /apis/container/auth/list (instances)', '/container/auth/list', post),
    await run('POST /apis/community/api/blog/list (blog)', '/community/api/blog/list', post),
    await run('POST /apis/user/auth/bill/list (bills)', '/user/auth/bill/list', post),
  ];

  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRssMb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;

  await server.kill();
  const restartStart = performance.now();
  await server.launch();
  const restartMs = performance.now() - restartStart;

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores`);
  for (const r of [bare, ...lists]) {
    const ratio = r === bare ? '' : `   ${(r.reqPerSec / bare.reqPerSec).toFixed(3)} × bare`;
    console.log(
      `${r.title.padEnd(46)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   failures ${r.failures}${ratio}`,
    );
  }
  console.log(`restart to first answer (killed, started again): ${(restartMs / 1000).toFixed(2)} s`);
  console.log(`idle memory after the lists: ${idleRssMb.toFixed(0)} MB RSS`);
} finally {
  await server.stop();
}
