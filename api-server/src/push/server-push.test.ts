import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUserChanges } from '../accounts/user-changes.js';
import { notify } from '../accounts/messages.js';
import { applyLedgerEntry } from '../billing/ledger.js';
import { privateNode, rent, systemImageId, userWithBalance } from '../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../periodic-jobs.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { call, createTestApp, login, type TestApp } from '../test-support/test-app.js';
import { openEventStream, SseClient } from '../test-support/sse-client.js';
import { requestLogFields } from '../request-log.js';

let t: TestApp;
let apiBase: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { push: { heartbeatMs: 200, retryMs: 1_500 } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/apis`;
  base = `${apiBase}/user/auth/events`;
});
afterAll(() => t?.close());

const open = (token: string, headers: Record<string, string> = {}) => openEventStream(apiBase, token, headers);

async function ticketOf(token: string): Promise<string> {
  const answer = await call(t.app, 'POST', '/apis/user/auth/events/ticket', {}, token);
  expect(answer).toMatchObject({ code: 200, data: { expiresInSeconds: 60 } });
  return answer.data.ticket;
}

/** The envelope's code of a stream that was refused. */
async function refusal(url: string): Promise<number> {
  const response = await fetch(url, { headers: { accept: 'text/event-stream' } });
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { code: number }).code;
}

/** Work done outside a request, heard like a periodic pass's. */
const inPass = <T>(work: () => Promise<T>) => withUserChanges(t.app.userChanges.hear, work);

const charge = (userId: number, amount: number) =>
  inPass(() => applyLedgerEntry(t.app.db, { userId, amount: -amount, kind: 'charge', note: '测试扣费', at: t.clock.now() }));

describe('the event stream', () => {
  it('answers text/event-stream, proxy-friendly, with a retry delay, a snapshot and heartbeats', async () => {
    const user = await userWithBalance(t.app, 50_000);
    const stream = await open(user.token, { 'x-request-id': 'stream-1' });
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['x-accel-buffering']).toBe('no');
    expect(stream.response.headers['cache-control']).toContain('no-cache');
    // Written around Fastify, the stream still carries what every answer carries.
    expect(stream.response.headers).toMatchObject({ 'x-request-id': 'stream-1', 'x-served-by': t.app.config.replicaId });
    expect(await stream.nextData('snapshot')).toEqual({ balance: 50_000, totalContainer: 0, num: 0 });
    expect(stream.retry).toBe(1_500);
    while (stream.comments === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    stream.close();
  });

  it('pushes the balance after a charge and a recharge, and the unread count after a message and its reading', async () => {
    const user = await userWithBalance(t.app, 50_000);
    const stream = await open(user.token);
    await stream.nextData('snapshot');
    await charge(user.id, 1_234);
    expect(await stream.nextData('balance')).toEqual({ balance: 48_766 });
    await inPass(() => applyLedgerEntry(t.app.db, { userId: user.id, amount: 10_000, kind: 'grant', note: '充值', at: t.clock.now() }));
    expect(await stream.nextData('balance')).toEqual({ balance: 58_766 });

    await inPass(() => notify(t.app.db, user.id, '测试', '一条消息', t.clock.now()));
    expect(await stream.nextData('messages')).toEqual({ num: 1 });
    const list = await call(t.app, 'POST', '/apis/user/auth/msg/user/list', {}, user.token);
    await call(t.app, 'POST', '/apis/user/auth/msg/user/read', { ids: [list.data.list[0].id] }, user.token);
    expect(await stream.nextData('messages')).toEqual({ num: 0 });
    stream.close();
  });

  it("pushes an instance's status as it changes, with the instance count, and the balance as metering charges it", async () => {
    const user = await userWithBalance(t.app, 1_000_000);
    const { node, model } = await privateNode(t.app.db, 1);
    const stream = await open(user.token);
    await stream.nextData('snapshot');
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: await systemImageId(t.app.db) });
    const id = rented.data.instance.id as number;
    const creating = await stream.next('instances');
    expect(JSON.parse(creating.data)).toEqual({ totalContainer: 1, changed: [{ id, status: 0, nextStatus: 2 }] });
    t.clock.advance(8_000);
    await inPass(() => runMeteringPasses(t.app));
    let running = JSON.parse((await stream.next('instances')).data);
    while (running.changed[0]?.status !== 2) running = JSON.parse((await stream.next('instances')).data);
    expect(running).toEqual({ totalContainer: 1, changed: [{ id, status: 2, nextStatus: null }] });

    const before = (await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, user.token)).data.balance;
    t.clock.advance(60_000);
    await inPass(() => runMeteringPasses(t.app));
    const metered = JSON.parse((await stream.next('balance')).data);
    expect(metered.balance).toBeLessThan(before);
    expect(metered).toEqual((await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, user.token)).data);
    stream.close();
  });

  it('resumes after Last-Event-ID with what was missed, and sends a fresh snapshot for an id it cannot continue', async () => {
    const user = await userWithBalance(t.app, 50_000);
    const first = await open(user.token);
    await first.nextData('snapshot');
    await charge(user.id, 1_000);
    await first.nextData('balance');
    const resumeFrom = first.lastEventId!;
    first.close();
    await first.ended;

    await charge(user.id, 2_000);
    await inPass(() => notify(t.app.db, user.id, '测试', '断线时的消息', t.clock.now()));
    const resumed = await open(user.token, { 'last-event-id': resumeFrom });
    expect(await resumed.nextData('balance')).toEqual({ balance: 47_000 });
    expect(await resumed.nextData('messages')).toEqual({ num: 1 });
    await charge(user.id, 500);
    expect(await resumed.nextData('balance')).toEqual({ balance: 46_500 });
    expect(resumed.events.map((event) => event.event)).not.toContain('snapshot');
    resumed.close();

    const unknown = await open(user.token, { 'last-event-id': '1-999999999' });
    expect(await unknown.nextData('snapshot')).toEqual({ balance: 46_500, totalContainer: 0, num: 1 });
    unknown.close();

    // The portal opens a new stream with a new ticket, so it names the last event in the query.
    const lastSeen = resumed.lastEventId!;
    await charge(user.id, 250);
    const reopened = await SseClient.open(`${base}?ticket=${await ticketOf(user.token)}&lastEventId=${encodeURIComponent(lastSeen)}`);
    expect(await reopened.nextData('balance')).toEqual({ balance: 46_250 });
    expect(reopened.events.map((event) => event.event)).not.toContain('snapshot');
    reopened.close();
  });

  it('is refused without a valid ticket, and a session token in the URL opens nothing', async () => {
    for (const ticket of ['', 'not-a-ticket', 'A'.repeat(43)]) expect(await refusal(`${base}?ticket=${ticket}`)).toBe(401);
    const user = await userWithBalance(t.app, 0);
    expect(await refusal(`${base}?token=${user.token}`)).toBe(401);
    expect(await refusal(base)).toBe(401);
    // Form-post downloads still take the token in the query: the server's own log masks it there.
    const logged = requestLogFields({ method: 'GET', url: `/apis/user/auth/events?token=${user.token}`, ip: '127.0.0.1' });
    expect(logged.url).toBe('/apis/user/auth/events?token=***');
  });

  it('opens a stream once per ticket, within a minute of its issue, and only while the session that asked for it lives', async () => {
    const user = await userWithBalance(t.app, 7_000);
    const ticket = await ticketOf(user.token);
    const stream = await SseClient.open(`${base}?ticket=${ticket}`);
    expect(await stream.nextData('snapshot')).toEqual({ balance: 7_000, totalContainer: 0, num: 0 });
    stream.close();
    expect(await refusal(`${base}?ticket=${ticket}`)).toBe(401);

    const late = await ticketOf(user.token);
    const inTime = await ticketOf(user.token);
    t.clock.advance(59_999);
    const opened = await SseClient.open(`${base}?ticket=${inTime}`);
    expect(await opened.nextData('snapshot')).toEqual({ balance: 7_000, totalContainer: 0, num: 0 });
    opened.close();
    t.clock.advance(1);
    expect(await refusal(`${base}?ticket=${late}`)).toBe(401);

    const first = await login(t.app, demoAccounts.organization, demoPassword);
    const ofSuperseded = await ticketOf(first);
    const second = await login(t.app, demoAccounts.organization, demoPassword);
    expect(await refusal(`${base}?ticket=${ofSuperseded}`)).toBe(304);
    const ofLoggedOut = await ticketOf(second);
    expect((await call(t.app, 'GET', '/apis/user/auth/user/logout', undefined, second)).code).toBe(200);
    expect(await refusal(`${base}?ticket=${ofLoggedOut}`)).toBe(401);
  });

  it('tells the tab and ends the stream when its session is logged out or signed in elsewhere', async () => {
    const user = await userWithBalance(t.app, 0);
    const stream = await open(user.token);
    await stream.nextData('snapshot');
    expect((await call(t.app, 'GET', '/apis/user/auth/user/logout', undefined, user.token)).code).toBe(200);
    expect(await stream.nextData('session')).toEqual({ reason: 'logout' });
    await stream.ended;
    expect(t.app.push.openStreams).toBe(0);

    const token = await login(t.app, demoAccounts.teacher, demoPassword);
    const older = await open(token);
    await older.nextData('snapshot');
    await login(t.app, demoAccounts.teacher, demoPassword);
    expect(await older.nextData('session')).toEqual({ reason: 'superseded' });
    await older.ended;
  });

  it("never carries another user's events", async () => {
    const alice = await userWithBalance(t.app, 10_000);
    const bob = await userWithBalance(t.app, 10_000);
    const stream = await open(alice.token);
    await stream.nextData('snapshot');
    await charge(bob.id, 100);
    await inPass(() => notify(t.app.db, bob.id, '测试', '给 Bob', t.clock.now()));
    await charge(alice.id, 1);
    expect(await stream.nextData('balance')).toEqual({ balance: 9_999 });
    stream.close();
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await userWithBalance(other.app, 0);
    const port = (other.app.server.address() as AddressInfo).port;
    const stream = await openEventStream(`http://127.0.0.1:${port}/apis`, user.token);
    await stream.nextData('snapshot');
    await other.close();
    await stream.ended;
  }, 120_000);
});
