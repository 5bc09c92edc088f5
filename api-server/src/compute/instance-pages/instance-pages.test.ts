import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, type TestApp } from '../../test-support/test-app.js';
import { startWebPortStandIn } from '../../test-support/web-port-stand-in.js';
import { openInstancePagesApp } from '../../test-support/instance-pages-app.js';
import { instanceOp, settle } from '../../test-support/compute-test-kit.js';
import { ticketLifetimeMs } from './instance-page-passes.js';

/** What the simulated pool answers for every instance's web port (SIMULATED_WEB_TARGET): the request it got, and an echo socket. */
const standIn = await startWebPortStandIn((request) => ({
  status: 200,
  type: 'application/json',
  body: JSON.stringify({ servedBy: 'instance', url: request.url }),
}));
const { heard } = standIn;

let t: TestApp;
let listening: number;
let ownerOfRunningInstance: Awaited<ReturnType<typeof openInstancePagesApp>>['ownerOfRunningInstance'];

beforeAll(async () => {
  ({ t, listening, ownerOfRunningInstance } = await openInstancePagesApp(standIn.address));
});
afterAll(async () => {
  await t?.close();
  await standIn.close();
});

const askTicket = (token: string, id: number, port = 8888) =>
  call<{ url: string; expiresInSeconds: number }>(t.app, 'POST', '/apis/user/auth/user/instance/page/ticket', { id, port }, token);

/** A request to the instance-pages origin (the test app's default: `http://{id}-{port}.apps.localhost:8080`). */
function onInstanceOrigin(url: string, cookie?: string) {
  const { host, pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname + search, headers: { host, ...(cookie ? { cookie } : {}) } });
}

/** Spends the ticket of a fresh address for `id`: the pass cookie (`name=value`) and where the browser lands. */
async function enter(token: string, id: number) {
  const { data } = await askTicket(token, id);
  const entered = await onInstanceOrigin(data.url);
  expect(entered.statusCode).toBe(303);
  const cookie = String(entered.headers['set-cookie']);
  return { url: data.url, cookie: cookie.split(';')[0]!, setCookie: cookie, location: String(entered.headers.location) };
}

const originOf = (id: number, port = 8888) => `http://${id}-${port}.apps.localhost:8080`;

describe('instance pages on their own origin', () => {
  it('a ticket from the owner is spent once for a host-only, HttpOnly, SameSite=Lax pass, and the ticket leaves the address', async () => {
    const { user, id } = await ownerOfRunningInstance();
    const asked = await askTicket(user.token, id);
    expect(asked).toMatchObject({ code: 200, data: { expiresInSeconds: 60 } });
    expect(asked.data.url).toMatch(new RegExp(`^${originOf(id)}/\\?token=[0-9a-f]{48}&rc_ticket=[\\w-]{43}$`));

    const entered = await onInstanceOrigin(asked.data.url);
    expect(entered.statusCode).toBe(303);
    expect(entered.headers.location).toMatch(/^\/\?token=[0-9a-f]{48}$/);
    expect(entered.headers['set-cookie']).toMatch(/^rc_instance_pass=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/);
    const pass = String(entered.headers['set-cookie']).split(';')[0]!;

    heard.length = 0;
    const page = await onInstanceOrigin(`${originOf(id)}${entered.headers.location}`, `${pass}; RC_WEB_TOKEN=${user.token}; own=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ servedBy: 'instance', url: entered.headers.location });
    // The instance's page brings its own headers: the portal's policy and framing rule are not laid over them.
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBeUndefined();
    // The instance sees its own cookies, never the pass or the portal's session.
    expect(heard[0]!.cookie).toBe('own=1');
    expect(JSON.stringify(heard)).not.toContain(pass.split('=')[1]);
    expect(JSON.stringify(heard)).not.toContain(user.token);

    const again = await onInstanceOrigin(asked.data.url);
    expect(again.statusCode).toBe(404);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a ticket expires 60 s after it was issued', async () => {
    const { user, id } = await ownerOfRunningInstance();
    const inTime = await askTicket(user.token, id);
    t.clock.advance(ticketLifetimeMs - 1);
    expect((await onInstanceOrigin(inTime.data.url)).statusCode).toBe(303);
    const late = await askTicket(user.token, id);
    t.clock.advance(ticketLifetimeMs);
    expect((await onInstanceOrigin(late.data.url)).statusCode).toBe(404);
  });

  it("is issued to the instance's owner only, and opens only the instance and port it was issued for", async () => {
    const a = await ownerOfRunningInstance();
    const b = await ownerOfRunningInstance();
    expect(await askTicket(b.user.token, a.id)).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await askTicket(b.user.token, 999_999)).toMatchObject({ code: 404, msg: '实例不存在' });

    const { data } = await askTicket(b.user.token, b.id);
    const ticket = new URL(data.url).searchParams.get('rc_ticket');
    expect((await onInstanceOrigin(`${originOf(a.id)}/?rc_ticket=${ticket}`)).statusCode).toBe(404);
    expect((await onInstanceOrigin(`${originOf(b.id, 8080)}/?rc_ticket=${ticket}`)).statusCode).toBe(404);
    const { cookie } = await enter(b.user.token, b.id);
    expect((await onInstanceOrigin(`${originOf(a.id)}/`, cookie)).statusCode).toBe(404);
    expect((await onInstanceOrigin(`${originOf(b.id)}/`, cookie)).statusCode).toBe(200);
  });

  it('answers the same refusal for an unknown or not-yours instance and without a pass; a pass holder is told why not', async () => {
    const owner = await ownerOfRunningInstance();
    const stranger = await ownerOfRunningInstance();
    const strangers = await enter(stranger.user.token, stranger.id);
    const stopped = await ownerOfRunningInstance();
    const stoppedPass = await enter(stopped.user.token, stopped.id);
    expect(await instanceOp(t.app, stopped.user.token, 'stop', { id: stopped.id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    const released = await ownerOfRunningInstance();
    const releasedPass = await enter(released.user.token, released.id);
    expect(await instanceOp(t.app, released.user.token, 'stop', { id: released.id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    expect(await instanceOp(t.app, released.user.token, 'release/instance', { id: released.id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);

    const answers = await Promise.all([
      onInstanceOrigin(`${originOf(999_999)}/lab`, strangers.cookie),
      onInstanceOrigin(`${originOf(owner.id)}/lab`, strangers.cookie),
      onInstanceOrigin(`${originOf(owner.id)}/lab`),
      onInstanceOrigin(`${originOf(owner.id)}/lab?rc_ticket=${'x'.repeat(43)}`),
      onInstanceOrigin(`${originOf(owner.id)}/lab?rc_share=${'x'.repeat(43)}`),
      onInstanceOrigin(`${originOf(stopped.id)}/lab`),
      onInstanceOrigin(`${originOf(released.id)}/lab`, strangers.cookie),
    ]);
    const shown = answers.map((answer) => ({ status: answer.statusCode, type: answer.headers['content-type'], body: answer.body }));
    expect(new Set(shown.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(shown[0]).toMatchObject({ status: 404, type: 'text/html; charset=utf-8' });
    expect(shown[0]!.body).toContain('无法打开该页面');

    const stoppedPage = await onInstanceOrigin(`${originOf(stopped.id)}/lab`, stoppedPass.cookie);
    expect(stoppedPage).toMatchObject({ statusCode: 503, body: expect.stringContaining('实例已关机：请在控制台开机后重新打开') });
    const releasedPage = await onInstanceOrigin(`${originOf(released.id)}/lab`, releasedPass.cookie);
    expect(releasedPage).toMatchObject({ statusCode: 410, body: expect.stringContaining('实例已释放') });
  });

  it("serves no portal path there, and the portal's API refuses the pass", async () => {
    const { user, id } = await ownerOfRunningInstance();
    const { cookie } = await enter(user.token, id);
    const onInstance = await onInstanceOrigin(`${originOf(id)}/apis/user/auth/user/account/view`, cookie);
    expect(onInstance.json()).toEqual({ servedBy: 'instance', url: '/apis/user/auth/user/account/view' });
    expect((await onInstanceOrigin(`${originOf(id)}/apis/system/api/health`)).statusCode).toBe(404);
    expect((await onInstanceOrigin(`${originOf(id)}/`)).body).toContain('无法打开该页面');

    const portal = await t.app.inject({ method: 'POST', url: '/apis/user/auth/user/account/view', headers: { cookie }, payload: {} });
    expect(portal.json()).toMatchObject({ code: 401 });
    // The portal's own host does not reach the instance, by the old path or the routed one.
    for (const url of [`/jupyter/${id}/`, `/jupyter/${id}/api/status`, '/instance-page-host/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).body).not.toContain('servedBy');
    }
  });

  it('relays WebSockets with the pass and refuses them without it', async () => {
    const { user, id } = await ownerOfRunningInstance();
    const { cookie } = await enter(user.token, id);
    const open = (headers: Record<string, string>) =>
      new WebSocket(`ws://127.0.0.1:${listening}/kernels/channels`, { headers: { host: new URL(originOf(id)).host, ...headers } });
    const socket = open({ cookie });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const echoed = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('ping');
    expect(await echoed).toBe('echo: ping');
    socket.close();

    const refused = open({});
    const status = await new Promise<number>((resolve) =>
      refused.once('unexpected-response', (_request, response) => resolve(response.statusCode!)),
    );
    expect(status).toBe(404);
  });
});
