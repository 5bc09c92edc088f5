import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, instances, users } from '../db/schema.js';
import { applyLedgerEntry, checkLedger } from '../billing/ledger.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { ReplicaSet, replicaIds, type ReplicaId } from '../test-support/replica-set.js';
import { openEventStream, SseClient } from '../test-support/sse-client.js';
import { privateNode, systemImageId } from '../test-support/compute-test-kit.js';

// One harness for the file, started once. It runs in the PGlite pass of `npm test` (it brings its own PostgreSQL,
// or uses TEST_POSTGRES_URL's server); the PostgreSQL pass would only repeat it.
const hour = 3_600_000;
let set: ReplicaSet;

interface Served<T = any> {
  by: ReplicaId;
  status: number;
  code: number;
  data: T;
  msg: string;
}

async function post<T = any>(path: string, body: unknown, token?: string): Promise<Served<T>> {
  const response = await fetch(set.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return served(response);
}

async function get<T = any>(path: string, token?: string): Promise<Served<T>> {
  return served(await fetch(set.url + path, { headers: token ? { token } : {} }));
}

async function served<T>(response: Response): Promise<Served<T>> {
  const by = response.headers.get('x-served-by') as ReplicaId;
  const answer = (await response.json()) as { code: number; data: T; msg: string };
  return { by, status: response.status, ...answer };
}

const other = (id: ReplicaId) => replicaIds.find((candidate) => candidate !== id)!;

/** Repeats a call until a given replica answers it (nginx takes turns; this does not depend on whose turn it is). */
async function onReplica<T>(replica: ReplicaId, request: () => Promise<Served<T>>): Promise<Served<T>> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await request();
    if (answer.by === replica) return answer;
  }
  throw new Error(`${replica} answered none of 10 calls`);
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The user's event stream through nginx, held by `replica`. */
async function streamOn(replica: ReplicaId, token: string): Promise<SseClient> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // The ticket may be issued by either replica: they share it through Redis.
    const stream = await openEventStream(`${set.url}/apis`, token);
    if (stream.response.headers['x-served-by'] === replica) return stream;
    stream.close();
    // Ticket and stream are two requests, so nginx's turns would bring every next stream to the same replica: one
    // more request moves them on.
    await get('/apis/system/api/health');
  }
  throw new Error(`${replica} held none of 10 streams`);
}

async function signIn(mobile: string = demoAccounts.user) {
  const answer = await post('/apis/user/api/user/login/password', { mobile, password: demoPassword });
  expect(answer.code).toBe(200);
  return answer as Served<{ token: string }>;
}

const balanceOf = async (userId: number) =>
  (await set.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0]!.balance;

const usageSeconds = async (instanceId: number) =>
  (
    await set.database.db
      .select({ seconds: bills.seconds })
      .from(bills)
      .where(and(eq(bills.instanceId, instanceId), eq(bills.kind, 'usage')))
  ).reduce((sum, line) => sum + line.seconds, 0);

beforeAll(async () => {
  set = await ReplicaSet.start();
}, 240_000);
afterAll(() => set?.close(), 60_000);

describe.skipIf(process.env.DATABASE_URL)('two replicas behind nginx', () => {
  it('signs in on one replica and serves the next request from the other', async () => {
    const login = await signIn();
    const view = await onReplica(other(login.by), () => post('/apis/user/auth/user/ext/view', {}, login.data.token));
    expect(view).toMatchObject({ status: 200, code: 200, data: { mobile: '138****0001' } });
  });

  it('takes the chunks of one upload on both replicas and merges them', async () => {
    const { data } = await signIn();
    const chunkSize = 64 * 1024;
    const bytes = randomBytes(4 * chunkSize + 77);
    const identifier = createHash('md5').update(bytes).digest('hex');
    const fileName = `replicas-${identifier.slice(0, 8)}.bin`;
    const servedBy = new Set<ReplicaId>();
    for (let n = 1; n <= 5; n++) {
      const form = new FormData();
      const fields = {
        identifier,
        filename: fileName,
        chunkNumber: n,
        totalChunks: 5,
        chunkSize,
        totalSize: bytes.length,
        path: 'replicas',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      form.append('file', new Blob([new Uint8Array(bytes.subarray((n - 1) * chunkSize, n * chunkSize))]), 'blob');
      const chunk = await served(
        await fetch(`${set.url}/apis/orion/auth/file/chunk`, { method: 'POST', headers: { token: data.token }, body: form }),
      );
      expect(chunk.code).toBe(200);
      servedBy.add(chunk.by);
    }
    expect([...servedBy].sort()).toEqual([...replicaIds]);
    const merged = await post(
      '/apis/orion/auth/file/mergeFile',
      { fileName, identifier, chunkSize, totalSize: bytes.length, path: 'replicas' },
      data.token,
    );
    expect(merged).toMatchObject({ code: 200, data: { size: bytes.length, md5: identifier } });
  });

  it('refuses a token on one replica as soon as it signed out on the other', async () => {
    const { data } = await signIn();
    const logout = await get('/apis/user/auth/user/logout', data.token);
    expect(logout.code).toBe(200);
    const after = await onReplica(other(logout.by), () => post('/apis/user/auth/user/ext/view', {}, data.token));
    expect(after.code).toBe(401);
  });

  it('ends a stream held by one replica when a newer sign-in on the other supersedes its session', async () => {
    const { data } = await signIn();
    const stream = await streamOn(replicaIds[1], data.token);
    await stream.nextData('snapshot');
    await onReplica(replicaIds[0], () => signIn());
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(['snapshot', 'session']);
  });

  it('opens a stream on one replica with a ticket the other issued, and only once', async () => {
    const { data } = await signIn();
    const [issuer, redeemer] = replicaIds.map((id) => set.replicas[id].apiBase);
    const issued = await fetch(`${issuer}/user/auth/events/ticket`, { method: 'POST', headers: { token: data.token } });
    const { ticket } = ((await issued.json()) as { data: { ticket: string } }).data;
    const stream = await SseClient.open(`${redeemer}/user/auth/events?ticket=${ticket}`);
    await stream.nextData('snapshot');
    stream.close();
    const again = await fetch(`${issuer}/user/auth/events?ticket=${ticket}`);
    expect(((await again.json()) as { code: number }).code).toBe(401);
  });

  it('meters once with one scheduler, and moves the scheduler when its replica is killed under load', async () => {
    const db = set.database.db;
    expect(
      await until(
        'a leader',
        () => set.leader(),
        (leader) => leader !== null,
      ),
    ).toBe(replicaIds[0]);

    // A running pay-as-you-go instance of the demo user, rented through nginx.
    const login = await signIn();
    const [account] = await db.select().from(users).where(eq(users.mobile, demoAccounts.user));
    await applyLedgerEntry(db, { userId: account!.id, amount: 1_000_000, kind: 'grant', note: '测试', at: set.now() });
    const { node, model } = await privateNode(db, 1);
    const order = {
      regionCode: 'xb-1',
      gpuCount: 1,
      billingType: 1,
      nodeId: node.id,
      gpuModelId: model.id,
      imageId: await systemImageId(db),
    };
    const quoted = await post('/apis/user/auth/order/price/preview', order, login.data.token);
    const rented = await post('/apis/user/auth/order/info/pay', { ...order, quoteToken: quoted.data.quoteToken }, login.data.token);
    expect(rented.code).toBe(200);
    const instanceId = rented.data.instance.id as number;
    set.advance(10_000);
    const status = async () =>
      (await db.select({ status: instances.status }).from(instances).where(eq(instances.id, instanceId)))[0]!.status;
    await until('the instance running', status, (value) => value === 2);
    // Settled up to the clock (the pass that saw it start may charge its first seconds): from here on nothing moves until the clock does.
    const meteredUntil = async () =>
      (await db.select({ at: instances.meteredUntil }).from(instances).where(eq(instances.id, instanceId)))[0]!.at;
    await until('metering caught up', meteredUntil, (at) => at !== null && at.getTime() > set.now().getTime() - 1000);
    const started = await balanceOf(account!.id);
    const secondsBefore = await usageSeconds(instanceId);
    // The browser's stream is held by the replica that does not meter: the leader's charge reaches it through Redis.
    const watcher = await signIn();
    const stream = await streamOn(replicaIds[1], watcher.data.token);
    await stream.nextData('snapshot');
    const [{ dayRate }] = (await db.select({ dayRate: instances.dayRate }).from(instances).where(eq(instances.id, instanceId))) as [
      { dayRate: number },
    ];
    const chargeFor = (seconds: number) => Math.floor((seconds * dayRate) / 86_400);

    // One hour on the shared clock: one pass, the exact charge.
    set.advance(hour);
    await until(
      'the first hour metered',
      () => balanceOf(account!.id),
      (balance) => balance === started - chargeFor(3600),
    );
    expect(await usageSeconds(instanceId)).toBe(secondsBefore + 3600);

    // Kill the leader while calls keep coming through nginx: only calls around that moment may fail — each load loop's
    // call in flight, and at most one more each that nginx wrote to a kept-alive connection the dying replica was just
    // closing (a POST is not retried once sent). Anything beyond that is nginx failing over late.
    const token = watcher.data.token;
    let stopLoad = false;
    const outcomes = { ok: 0, failed: 0 };
    const concurrency = 4;
    const load = Array.from({ length: concurrency }, async () => {
      while (!stopLoad) {
        const response = await fetch(`${set.url}/apis/user/auth/user/ext/view`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => null);
        const answer = response?.ok ? ((await response.json()) as { code: number }) : null;
        if (answer?.code === 200) outcomes.ok += 1;
        else outcomes.failed += 1;
      }
    });
    await until(
      'load flowing',
      async () => outcomes.ok,
      (ok) => ok >= 20,
    );
    await set.replicas[replicaIds[0]].kill();
    const okAtKill = outcomes.ok;
    await until(
      'load flowing on the survivor',
      async () => outcomes.ok,
      (ok) => ok >= okAtKill + 50,
    );
    stopLoad = true;
    await Promise.all(load);
    expect(outcomes.failed).toBeLessThanOrEqual(2 * concurrency);

    expect(
      await until(
        'the survivor leading',
        () => set.leader(),
        (leader) => leader === replicaIds[1],
      ),
    ).toBe(replicaIds[1]);
    set.advance(hour);
    await until(
      'the second hour metered by the survivor',
      () => balanceOf(account!.id),
      (balance) => balance === started - chargeFor(7200),
    );
    expect(await usageSeconds(instanceId)).toBe(secondsBefore + 7200);
    expect(await checkLedger(db)).toEqual({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  }, 120_000);
});
