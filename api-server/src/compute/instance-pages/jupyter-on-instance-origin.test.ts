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

/** A funded user's running instance, its Jupyter (started by the driver in its container) ready to answer. */
async function instanceWithJupyter() {
  const { user, id, row } = await runningPodmanInstance(t);
  const token = row.jupyterToken;
  // Jupyter starts a few seconds after its container; the proxy answers 502 until it listens.
  for (let waited = 0; (await jupyter(id, 'api/status', { token })).status !== 200; waited += 200) {
    if (waited > 60_000) throw new Error('Jupyter did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { user, id, token };
}

const viewOf = async (token: string, id: number) =>
  (await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, token)).data.list[0];

function jupyter(id: number | string, path: string, o: { token?: string; method?: string; body?: string; accept?: string } = {}) {
  const headers: Record<string, string> = {
    ...(o.token ? { authorization: `token ${o.token}` } : {}),
    ...(o.accept ? { accept: o.accept } : {}),
  };
  return fetch(`http://${base}/jupyter/${id}/${path}`, { method: o.method ?? 'GET', headers, body: o.body, redirect: 'manual' });
}

describe('Jupyter through the portal', () => {
  it("serves the instance's Jupyter with its token only, with Jupyter's own headers, and streams large bodies both ways", async () => {
    const a = await instanceWithJupyter();
    const b = await instanceWithJupyter();
    expect(await viewOf(a.user.token, a.id)).toMatchObject({ jupyterUrl: `/jupyter/${a.id}/?token=${a.token}`, jupyterReason: '' });
    // The console's link logs in with the token and lands in Jupyter.
    const opened = await fetch(`http://${base}/jupyter/${a.id}/?token=${a.token}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(new RegExp(`^/jupyter/${a.id}/`));

    const status = await fetch(`http://${base}/jupyter/${a.id}/api/status?token=${a.token}`);
    expect(status.status).toBe(200);
    expect(await status.json()).toHaveProperty('started');
    expect(status.headers.get('content-security-policy')).toContain(`report-uri /jupyter/${a.id}/api/security/csp-report`);
    expect((await jupyter(a.id, 'api/status')).status).toBe(403);
    expect((await jupyter(b.id, 'api/status', { token: a.token })).status).toBe(403);

    // Beyond the portal's 1 MiB body limit: the body streams through unparsed.
    const content = 'x'.repeat(3 * 1024 * 1024);
    const saved = await jupyter(a.id, 'api/contents/big.txt', {
      token: a.token,
      method: 'PUT',
      body: JSON.stringify({ type: 'file', format: 'text', content }),
    });
    expect(saved.status).toBe(201);
    const read = await jupyter(a.id, 'api/contents/big.txt?content=1', { token: a.token });
    expect(((await read.json()) as { content: string }).content).toBe(content);
  });

  it('runs code in a kernel over the proxied WebSocket', async () => {
    const { id, token } = await instanceWithJupyter();
    const started = await jupyter(id, 'api/kernels', { token, method: 'POST', body: '{}' });
    expect(started.status).toBe(201);
    const kernel = ((await started.json()) as { id: string }).id;
    const socket = new WebSocket(`ws://${base}/jupyter/${id}/api/kernels/${kernel}/channels?token=${token}`, { origin: `http://${base}` });
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
    expect((await jupyter(id, `api/kernels/${kernel}`, { token, method: 'DELETE' })).status).toBe(204);
  });

  it('refuses unknown and stopped instances with a page or a message in Chinese', async () => {
    const unknown = await jupyter(999_999, 'api/status');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ msg: '实例不存在' });
    const page = await jupyter('not-an-id', 'tree', { accept: 'text/html' });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('实例不存在');

    const { user, id } = await runningPodmanInstance(t);
    expect(await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token)).toMatchObject({ code: 200 });
    await reachStatus(t, id, Status.stopped);
    expect(await viewOf(user.token, id)).toMatchObject({ jupyterUrl: null, jupyterReason: '开机后可用' });
    const stopped = await jupyter(id, 'api/status');
    expect(stopped.status).toBe(409);
    expect(await stopped.json()).toMatchObject({ msg: '实例未运行' });
  });
});
