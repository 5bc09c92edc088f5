import { eq, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { instances, users } from '../db/schema.js';
import { checkLedger } from '../billing/ledger.js';
import { Status } from '../compute/states.js';
import { privateNode, rent, settle, systemImageId, userWithBalance } from '../test-support/compute-test-kit.js';
import { startScheduler } from '../compute/scheduler.js';
import { randomFile, UploadClient } from '../test-support/upload-client.js';
import { SchedulerState } from './scheduler-state.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { replicaId: 'replica-m' } });
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

/** The value of one series (`name{labels}` exactly as written), undefined when the text has none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const runningInDatabase = async () =>
  (
    await t.app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(instances)
      .where(eq(instances.status, Status.running))
  )[0]!.count;
const cashInDatabase = async () => Number((await t.app.db.select({ total: sql<string>`sum(${users.balance})` }).from(users))[0]!.total);

describe('GET /metrics', () => {
  it('counts requests by route pattern and HTTP status, never by the raw URL', async () => {
    const requests = 'suanli_http_requests_total{method="GET",route="/apis/system/auth/api/enum/list/:type",status_code="200"}';
    const before = sample(await scrape(), requests) ?? 0;
    await t.app.inject({ method: 'GET', url: '/apis/system/auth/api/enum/list/7?token=secret-token-value' });
    await t.app.inject({ method: 'GET', url: '/apis/system/auth/api/enum/list/8' });
    await t.app.inject({ method: 'GET', url: '/apis/no/such/call/12345' });
    const text = await scrape();
    expect(sample(text, requests)).toBe(before + 2);
    expect(sample(text, 'suanli_http_request_duration_seconds_count{method="GET",route="/apis/system/auth/api/enum/list/:type"}')).toBe(
      before + 2,
    );
    expect(sample(text, 'suanli_http_requests_total{method="GET",route="unmatched",status_code="200"}')).toBe(1);
    for (const raw of ['secret-token-value', '/list/7', '/list/8', '12345']) expect(text).not.toContain(raw);
  });

  it('reads the running instances and the ledger totals from the database when scraped', async () => {
    const runningBefore = await runningInDatabase();
    expect(sample(await scrape(), 'suanli_instances_running')).toBe(runningBefore);

    const user = await userWithBalance(t.app, 1_234_567);
    const { node, model } = await privateNode(t.app.db, 1);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: await systemImageId(t.app.db) });
    expect(rented.code).toBe(200);
    await settle(t, 60_000);

    const text = await scrape();
    expect(await runningInDatabase()).toBe(runningBefore + 1);
    expect(sample(text, 'suanli_instances_running')).toBe(runningBefore + 1);
    const ledger = await checkLedger(t.app.db);
    expect(sample(text, 'suanli_ledger_trial_balance_yuan')).toBe(ledger.trialBalance / 1000);
    expect(sample(text, 'suanli_users_cash_balance_yuan')).toBeCloseTo((await cashInDatabase()) / 1000, 6);
  });

  it('counts the bytes of upload chunks stored, once per chunk', async () => {
    const uploaded = 'suanli_upload_received_bytes_total';
    const before = sample(await scrape(), uploaded)!;
    const { client } = await UploadClient.signedIn(t.app);
    const bytes = randomFile(3 * 65_536 + 1000);
    const options = { fileName: '指标.bin', chunkSize: 65_536 };
    expect((await client.sendChunks('/apis/orion/auth/file/chunk', bytes, options)).map((answer) => answer.code)).toEqual([
      200, 200, 200, 200,
    ]);
    // A chunk sent again is not stored again.
    expect((await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { ...options, numbers: [2] }))[0]!.code).toBe(200);
    expect(sample(await scrape(), uploaded)).toBe(before + bytes.length);
  });

  it('shows the scheduler lag only while the compute scheduler runs on this replica, and the leadership as 0 or 1', async () => {
    const lag = 'suanli_scheduler_lag_seconds{replica="replica-m"}';
    let text = await scrape();
    expect(sample(text, lag)).toBeUndefined();
    expect(sample(text, 'suanli_scheduler_leader')).toBe(0);

    const started = Date.now();
    const stop = startScheduler(t.app);
    try {
      text = await scrape();
      const seconds = sample(text, lag)!;
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThanOrEqual((Date.now() - started) / 1000);
    } finally {
      await stop();
    }
    expect(sample(await scrape(), lag)).toBeUndefined();

    t.app.scheduling.follow({ leading: true });
    expect(sample(await scrape(), 'suanli_scheduler_leader')).toBe(1);
  });

  it('says whether the sandbox cashier is on', async () => {
    expect(t.app.config.payments.sandbox).toBe(true);
    expect(sample(await scrape(), 'suanli_payment_sandbox')).toBe(1);
    const site = await createTestApp({ config: { payments: { ...t.app.config.payments, sandbox: false } } });
    try {
      const response = await site.app.inject({ method: 'GET', url: '/metrics' });
      expect(sample(response.body, 'suanli_payment_sandbox')).toBe(0);
    } finally {
      await site.close();
    }
  }, 60_000);

  it('answers a scrape it cannot complete with 503 and the reason in plain text, not a JSON envelope', async () => {
    new Gauge({
      name: 'suanli_test_unreadable',
      help: 'a gauge whose source is down',
      registers: [t.app.metrics.registry],
      collect() {
        throw new Error('database unreachable');
      },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('database unreachable');
    } finally {
      t.app.metrics.registry.removeSingleMetric('suanli_test_unreadable');
    }
    await scrape();
  });
});

describe('the scheduler lag', () => {
  it('counts from the scheduler’s start until its first tick completes, then from the last completed tick', () => {
    const state = new SchedulerState();
    expect(state.lagSeconds(5_000)).toBeNull();
    state.schedulerStarted(1_000);
    expect(state.lagSeconds(3_500)).toBe(2.5);
    state.tickCompleted(4_000);
    expect(state.lagSeconds(4_250)).toBe(0.25);
    expect(state.lagSeconds(34_000)).toBe(30);
    state.schedulerStopped();
    expect(state.lagSeconds(34_000)).toBeNull();
  });
});
