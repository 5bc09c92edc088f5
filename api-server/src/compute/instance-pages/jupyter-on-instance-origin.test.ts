import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, type TestApp } from '../../test-support/test-app.js';
import { closePodmanTestApp, createPodmanTestApp, reachStatus, runningPodmanInstance } from '../../test-support/podman-test-app.js';
import { Status } from '../states.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createPodmanTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => closePodmanTestApp(t));

/** The instance-pages origin of the test app (`http://{id}-{port}.apps.localhost:8080`) names the port by its Host. */
const portHost = (id: number, port: number) => `${id}-${port}.apps.localhost:8080`;
const hostOf = (id: number) => portHost(id, 8888);

/** The instance-pages pass of `port` for the instance's owner: the cookie its ticket's first open sets. */
async function passFor(user: { token: string }, id: number, port: number) {
  const asked = await call(t.app, 'POST', '/apis/user/auth/user/instance/page/ticket', { id, port }, user.token);
  const ticketUrl = new URL(asked.data.url);
  const entered = await t.app.inject({
    method: 'GET',
    url: ticketUrl.pathname + ticketUrl.search,
    headers: { host: portHost(id, port) },
  });
  expect(entered.statusCode).toBe(303);
  return { pass: String(entered.headers['set-cookie']).split(';')[0]!, landing: String(entered.headers.location) };
}

/**
 * A funded user's running instance, the browser let into its Jupyter's origin, Jupyter started by that first open.
 * Starting Jupyter in a container is the slow part of this file, so the tests that only talk to it share one.
 */
const sharedJupyter = memoised(async () => {
  const { user, id, row } = await runningPodmanInstance(t);
  const token = row.jupyterToken;
  const { pass, landing } = await passFor(user, id, 8888);
  // Jupyter starts on the first open: that request waits until it listens and is asked for again.
  const first = await jupyter(id, pass, landing.slice(1));
  expect({ status: first.statusCode, location: first.headers.location }).toEqual({ status: 307, location: landing });
  expect((await jupyter(id, pass, 'api/status', { token })).statusCode).toBe(200);
  return { user, id, token, pass };
});

function memoised<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const viewOf = async (token: string, id: number) =>
  (await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, token)).data.list[0];

function jupyter(
  id: number,
  pass: string,
  path: string,
  o: { token?: string; method?: 'GET' | 'PUT' | 'POST' | 'DELETE'; body?: string } = {},
) {
  const headers: Record<string, string> = { host: hostOf(id), cookie: pass, ...(o.token ? { authorization: `token ${o.token}` } : {}) };
  return t.app.inject({ method: o.method ?? 'GET', url: `/${path}`, headers, payload: o.body });
}

// Each test starts containers, which in CI wait behind the Podman work of the suites running beside this one.
describe("Jupyter on the instance's own origin", { timeout: 120_000 }, () => {
  it("serves the instance's Jupyter to the pass holder, with Jupyter's token and headers, and streams large bodies both ways", async () => {
    const a = await sharedJupyter();
    const b = await runningPodmanInstance(t);
    expect(await viewOf(a.user.token, a.id)).toMatchObject({ jupyterPort: 8888, jupyterReason: '' });
    // The ticket's landing page logs into Jupyter with its token and lands in Jupyter, on the instance's origin.
    const opened = await jupyter(a.id, a.pass, `?token=${a.token}`);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toMatch(/^\/(tree|lab)/);

    const status = await jupyter(a.id, a.pass, `api/status?token=${a.token}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toHaveProperty('started');
    expect(status.headers['content-security-policy']).toContain('report-uri /api/security/csp-report');
    expect((await jupyter(a.id, a.pass, 'api/status')).statusCode).toBe(403);
    expect((await jupyter(b.id, a.pass, 'api/status', { token: b.row.jupyterToken })).statusCode).toBe(404);

    // Beyond the portal's 1 MiB body limit: the body streams through unparsed.
    const content = 'x'.repeat(3 * 1024 * 1024);
    const saved = await jupyter(a.id, a.pass, 'api/contents/big.txt', {
      token: a.token,
      method: 'PUT',
      body: JSON.stringify({ type: 'file', format: 'text', content }),
    });
    expect(saved.statusCode).toBe(201);
    const read = await jupyter(a.id, a.pass, 'api/contents/big.txt?content=1', { token: a.token });
    expect((read.json() as { content: string }).content).toBe(content);
  });

  it('runs code in a kernel over the relayed WebSocket', async () => {
    const { id, token, pass } = await sharedJupyter();
    const started = await jupyter(id, pass, 'api/kernels', { token, method: 'POST', body: '{}' });
    expect(started.statusCode).toBe(201);
    const kernel = (started.json() as { id: string }).id;
    const socket = new WebSocket(`ws://${base}/api/kernels/${kernel}/channels?token=${token}`, {
      origin: `http://${hostOf(id)}`,
      headers: { host: hostOf(id), cookie: pass },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const msgId = randomUUID();
    const printed = new Promise<string>((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { msg_type: string; parent_header: { msg_id?: string }; content: { text?: string } };
        if (message.msg_type === 'stream' && message.parent_header.msg_id === msgId) resolve(message.content.text!);
      }),
    );
    socket.send(
      JSON.stringify({
        header: {
          msg_id: msgId,
          username: 'test',
          session: randomUUID(),
          msg_type: 'execute_request',
          version: '5.3',
          date: new Date().toISOString(),
        },
        parent_header: {},
        metadata: {},
        content: { code: 'print(6*7)', silent: false, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true },
        channel: 'shell',
        buffers: [],
      }),
    );
    expect(await printed).toBe('42\n');
    socket.close();
    expect((await jupyter(id, pass, `api/kernels/${kernel}`, { token, method: 'DELETE' })).statusCode).toBe(204);
  });

  it('tells the pass holder that nothing listens on a port until a service does, then serves it', async () => {
    const { user, id, row } = await runningPodmanInstance(t);
    const { pass } = await passFor(user, id, 8000);
    const get = () => t.app.inject({ method: 'GET', url: '/', headers: { host: portHost(id, 8000), cookie: pass } });

    const idle = await get();
    expect(idle.statusCode).toBe(502);
    expect(idle.body).toContain('实例中端口 8000 没有服务在监听：请确认服务已启动并监听 0.0.0.0:8000');
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: portHost(id, 8000) } })).body).toContain('无法打开该页面');

    const server = await t.app.compute.driver.exec(row, {
      command: ['python3', '-m', 'http.server', '8000', '--bind', '0.0.0.0', '--directory', '/etc'],
      tty: null,
    });
    try {
      for (let waited = 0; (await get()).statusCode !== 200; waited += 200) {
        if (waited > 30_000) throw new Error('http.server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await get()).body).toContain('os-release');
    } finally {
      await server.kill();
    }
  });

  it('tells the pass holder that a stopped instance must be started, and the console says why', async () => {
    const { user, id, row } = await runningPodmanInstance(t);
    const { pass } = await passFor(user, id, 8888);
    expect(await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token)).toMatchObject({ code: 200 });
    await reachStatus(t, id, Status.stopped);
    expect(await viewOf(user.token, id)).toMatchObject({ jupyterPort: null, jupyterReason: '开机后可用' });
    const stopped = await jupyter(id, pass, 'api/status', { token: row.jupyterToken });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.body).toContain('实例已关机：请在控制台开机后重新打开');
  });
});
