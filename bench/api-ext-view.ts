/**
 * Authenticated `ext/view` (session resolved through the session cache + JSON) against the bare health
 * route of the same server process: requests per second, p99 latency and their ratio. The server runs
 * as its own process (PGlite in a temp folder, or PostgreSQL when DATABASE_URL is set; its shared state
 * in Redis when REDIS_URL is set, or in a private redis-server with `--redis`, its blobs then in a private s3rver, as a
 * replica's must be); autocannon drives it from this one.
 *   npx tsx bench/api-ext-view.ts [seconds] [connections] [--redis]
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { startRedisServer } from '../api-server/src/test-support/redis-server.js';
import { startS3Peer } from '../api-server/src/test-support/s3-peer.js';
import { ServerProcess } from '../api-server/src/test-support/server-process.js';

const [secondsArg, connectionsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 20);

const privateRedis = process.argv.includes('--redis') ? await startRedisServer() : undefined;
const redisUrl = privateRedis?.url ?? process.env.REDIS_URL;
// A server sharing its state in Redis is a replica, which the server refuses with a local blob store.
const s3 = redisUrl ? await startS3Peer() : undefined;
let server: ServerProcess | undefined;

try {
  const replicaEnv = (url: string, { settings }: NonNullable<typeof s3>) => ({
    REDIS_URL: url,
    BLOB_STORE: 's3',
    S3_ENDPOINT: settings.endpoint!,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  server = await ServerProcess.start({ env: redisUrl && s3 ? replicaEnv(redisUrl, s3) : {} });
  const base = server.url;
  const login = await fetch(`${base}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  }).then((r) => r.json());
  const token: string = login.data.token;

  // Refusals travel as HTTP 200 too: an answer counts only when its envelope says code 200.
  const envelopeOk = (body: string | Buffer | undefined) => String(body).startsWith('{"code":200');
  const run = async (title: string, route: string, options: Partial<autocannon.Options> = {}) => {
    const result = await autocannon({ url: base + route, connections, duration: seconds, verifyBody: envelopeOk, ...options });
    const failures = result.non2xx + result.errors + result.timeouts + result.mismatches;
    return { title, reqPerSec: result.requests.average, p99: result.latency.p99, failures };
  };
  await run('warm-up', '/apis/system/api/health', { duration: 2 });
  const bare = await run('GET /apis/system/api/health (bare)', '/apis/system/api/health');
  const authed = await run('POST /apis/user/auth/user/ext/view (authenticated)', '/apis/user/auth/user/ext/view', {
    method: 'POST',
    headers: { token },
  });

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const sharedState = redisUrl ? 'Redis' : 'in-process';
  console.log(`\n${database}, shared state ${sharedState}, ${connections} connections, ${seconds} s each, ${os.cpus().length} cores`);
  for (const r of [bare, authed]) {
    console.log(
      `${r.title.padEnd(52)} ${r.reqPerSec.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   failures ${r.failures}`,
    );
  }
  console.log(
    `ext/view ÷ bare: ${(authed.reqPerSec / bare.reqPerSec).toFixed(2)} × throughput, ${(authed.p99 / Math.max(bare.p99, 1)).toFixed(1)} × p99`,
  );
} finally {
  await server?.stop();
  await s3?.close();
  await privateRedis?.stop();
}
