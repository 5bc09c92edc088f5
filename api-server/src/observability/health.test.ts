import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { PostgresLeaderLock, soleProcessLock, type LeaderLock } from '../leadership/leader-lock.js';
import { startLeadership } from '../leadership/leadership.js';
import type { S3Settings } from '../config.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { replicaId: 'replica-a' } });
});
afterAll(() => t.close());

const ready = async (app = t.app) => {
  const response = await app.inject({ method: 'GET', url: '/apis/ready' });
  return { status: response.statusCode, body: response.json() };
};

async function until(condition: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Leads with `lock` (doing no periodic work) until the returned stop is called; the app follows this leadership. */
async function leadWith(app: TestApp['app'], lock: LeaderLock) {
  const leadership = startLeadership(lock, { retryMs: 50, log: app.log, replicaId: 'test', lead: () => async () => {} });
  await until(() => leadership.leading);
  return leadership;
}

const s3At = (endpoint: string): S3Settings => ({
  endpoint,
  region: 'us-east-1',
  bucket: 'rc-blobs',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe('GET /apis/health', () => {
  it('answers that the process runs, which replica it is and for how long', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apis/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ status: 'ok', replica: 'replica-a', uptimeSeconds: expect.any(Number) });
    expect(Number.isInteger(body.uptimeSeconds) && body.uptimeSeconds >= 0).toBe(true);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /apis/ready', () => {
  it('answers 200 with every check when the database, the blob store and the compute driver answer', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', replica: 'replica-a', failing: [] });
    expect(Object.keys(body.checks).sort()).toEqual(['blobStore', 'computeDriver', 'database', 'scheduler']);
    for (const check of Object.values(body.checks) as { ok: boolean; ms: number; detail: string }[]) {
      expect(check).toEqual({ ok: true, ms: expect.any(Number), detail: expect.any(String) });
    }
    expect(body.checks.computeDriver.detail).toBe('simulated reachable');
    // Nobody leads this test's database: said, but not a reason to take the replica out of rotation.
    expect(body.checks.scheduler.detail).toBe('no replica holds the scheduler lock: periodic jobs are not running');
  });

  it('says so once this replica leads', async () => {
    const leadership = await leadWith(t.app, soleProcessLock);
    t.app.scheduling.follow(leadership);
    try {
      expect((await ready()).body.checks.scheduler).toMatchObject({ ok: true, detail: 'this replica (replica-a) leads' });
    } finally {
      await leadership.stop();
    }
    expect((await ready()).body.checks.scheduler.detail).toMatch(/^no replica holds/);
  });

  it.runIf(process.env.DATABASE_URL)('names the replica that holds the scheduler lock on PostgreSQL', async () => {
    const leadership = await leadWith(t.app, new PostgresLeaderLock(t.databaseUrl!, 'replica-b'));
    try {
      expect((await ready()).body.checks.scheduler).toMatchObject({ ok: true, detail: 'replica-b leads' });
    } finally {
      await leadership.stop();
    }
  });

  it('answers 503 naming the blob store once the blob folder is gone, and 200 again once it is back', async () => {
    const blobs = path.join(t.dataDir, 'blobs');
    const aside = `${blobs}-aside`;
    fs.renameSync(blobs, aside);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'not ready', failing: ['blobStore'] });
      expect(body.checks.blobStore).toMatchObject({ ok: false, detail: expect.stringContaining('ENOENT') });
      expect(body.checks.database.ok).toBe(true);
    } finally {
      fs.renameSync(aside, blobs);
    }
    expect((await ready()).status).toBe(200);
  });

  describe('with an S3 blob store whose endpoint first accepts connections but never answers, then refuses them', () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    let s3: TestApp;
    beforeAll(async () => {
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      s3 = await createTestApp({ config: { blobs: { store: 's3', s3: s3At(`http://127.0.0.1:${port}`) } } });
    });
    afterAll(async () => {
      await s3?.close();
      if (silent.listening) await closeSilent();
    });
    const closeSilent = async () => {
      const closed = new Promise((resolve) => silent.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    };

    it('fails the check at its timeout instead of hanging', async () => {
      const { status, body } = await ready(s3.app);
      expect(status).toBe(503);
      expect(body.failing).toEqual(['blobStore']);
      expect(body.checks.blobStore).toMatchObject({ ok: false, detail: 'no answer within 2000 ms' });
      // Node's timers may fire a millisecond before the clock that measures them says the time is up.
      expect(body.checks.blobStore.ms).toBeGreaterThanOrEqual(1990);
    });

    it('fails the check, saying why, when nothing listens at the endpoint', async () => {
      await closeSilent();
      const { status, body } = await ready(s3.app);
      expect(status).toBe(503);
      expect(body.failing).toEqual(['blobStore']);
      expect(body.checks.blobStore).toMatchObject({ ok: false, detail: expect.stringContaining('ECONNREFUSED') });
    });
  });
});
