/**
 * Issue 31's start-up rows on the production build (tools/server-build), each against its reference: a new site's first
 * start (empty data folder, demo data written) and its resident memory once idle against the 400 MB goal; the restart to
 * first answer (killed like a crash, started again on the same data, three times) against a Node hello's start and the
 * 2 s goal, and the memory after it. PGlite in a temp folder, or PostgreSQL when DATABASE_URL is set. Prints the load
 * average beside the figures: on a shared machine a start's wall time follows it.
 *   npx tsx bench/server-start.ts
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../api-server/src/test-support/free-port.js';
import { buildServer } from '../api-server/src/test-support/server-build.js';
import { ServerProcess } from '../api-server/src/test-support/server-process.js';

const idleMs = 5000;
const restarts = 3;
const rssMb = (pid: number | undefined) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const idle = () => new Promise((resolve) => setTimeout(resolve, idleMs));
const load = () => os.loadavg()[0]!.toFixed(2);

/** How long a Node hello takes to answer, polled as ServerProcess polls the server so both starts are measured alike. */
async function nodeHelloStartMs(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`]);
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const startMs = performance.now() - started;
  await new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'));
  return startMs;
}

const build = buildServer();
const firstStarted = performance.now();
const loadAtFirst = load();
const server = await ServerProcess.start({ compiled: build.serverJs });
try {
  const firstMs = performance.now() - firstStarted;
  await idle();
  const firstRssMb = rssMb(server.pid);

  const restartMs: number[] = [];
  const loads: string[] = [];
  for (let i = 0; i < restarts; i++) {
    await server.kill();
    loads.push(load());
    const started = performance.now();
    await server.launch();
    restartMs.push(performance.now() - started);
  }
  await idle();
  const restartedRssMb = rssMb(server.pid);
  const helloMs = await nodeHelloStartMs();
  const median = [...restartMs].sort((a, b) => a - b)[Math.floor(restarts / 2)]!;

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`\n${database}, ${os.cpus().length} cores, production build (${path.basename(build.serverJs)})`);
  console.log(
    `first start of a new site (demo data written): ${(firstMs / 1000).toFixed(2)} s (load ${loadAtFirst}); ` +
      `idle ${idleMs / 1000} s later ${firstRssMb.toFixed(0)} MB RSS, ${(firstRssMb / 400).toFixed(2)} × the 400 MB goal`,
  );
  console.log(
    `restart to first answer (killed, started again), median of ${restarts}: ${(median / 1000).toFixed(2)} s, ` +
      `${(median / helloMs).toFixed(1)} × a Node hello's start (${helloMs.toFixed(0)} ms), ${(median / 2000).toFixed(2)} × the 2 s goal ` +
      `[${restartMs.map((ms, i) => `${(ms / 1000).toFixed(2)} s at load ${loads[i]}`).join(', ')}]`,
  );
  console.log(`idle after the restarts: ${restartedRssMb.toFixed(0)} MB RSS, ${(restartedRssMb / 400).toFixed(2)} × the 400 MB goal`);
} finally {
  await server.stop();
  build.remove();
}
