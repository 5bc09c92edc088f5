import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test-support/test-app.js';
import { openEventStream } from '../test-support/sse-client.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { startNginxPeer, type NginxPeer } from '../test-support/nginx-peer.js';

let t: TestApp;
let nginx: NginxPeer;
let direct: string;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { replicaId: 'replica-n' }, logTo: { write: (line) => lines.push(JSON.parse(line)) } });
  direct = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(direct).port);
  // The shipped site with this one replica as both of its upstream servers.
  nginx = await startNginxPeer([port, port]);
}, 60_000);
afterAll(async () => {
  await nginx?.close();
  await t?.close();
});

/** A GET through nginx naming `host` (fetch sends the URL's own host). */
function getAs(host: string, url: string): Promise<{ status: number; servedBy: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, servedBy: response.headers['x-served-by'] as string, body }));
    });
    request.once('error', reject);
  });
}

describe('the shipped nginx site in front of a replica', () => {
  it("answers its host name on Debian's stock nginx, whose default site stays enabled as the default server", async () => {
    const health = await fetch(`${nginx.url}/apis/health`);
    expect(health.headers.get('x-served-by')).toBe('replica-n');
    expect(await health.json()).toMatchObject({ status: 'ok', replica: 'replica-n' });
    const portal = await fetch(`${nginx.url}/`);
    expect(portal.status).toBe(200);
    expect(portal.headers.get('x-served-by')).toBe('replica-n');
    expect(await portal.text()).not.toContain('Welcome to nginx');
    // The stock default site is really there: a name the site does not serve gets Debian's welcome page.
    const elsewhere = await getAs('not-this-site.example', `${nginx.url}/`);
    expect(elsewhere).toMatchObject({ status: 200, servedBy: undefined });
    expect(elsewhere.body).toContain('Welcome to nginx');
  });

  it('gives every request an id of its own, which the replica logs and answers', async () => {
    const [first, second] = [await fetch(`${nginx.url}/apis/health`), await fetch(`${nginx.url}/apis/health`)];
    const ids = [first, second].map((response) => response.headers.get('x-request-id')!);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.find((line) => line.reqId === ids[0] && line.msg === 'request completed')).toMatchObject({ replica: 'replica-n' });
  });

  it("opens the event stream without the session token in any URL nginx's access log keeps", async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const stream = await openEventStream(`${nginx.url}/apis`, token);
    await stream.nextData('snapshot');
    stream.close();
    // nginx writes a request's line once it has ended, which it learns when the client's connection closes.
    const streamLogged = () => fs.readFileSync(nginx.accessLog, 'utf8').includes('GET /apis/user/auth/events?ticket=');
    for (let attempt = 0; !streamLogged(); attempt++) {
      if (attempt === 200) throw new Error('nginx never logged the stream');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fs.readFileSync(nginx.accessLog, 'utf8')).not.toContain(token);
  });

  it('refuses /metrics and /apis/ready from outside, while the replica answers them directly', async () => {
    expect((await fetch(`${nginx.url}/metrics`)).status).toBe(403);
    expect((await fetch(`${nginx.url}/apis/ready`)).status).toBe(403);
    expect((await fetch(`${direct}/metrics`)).status).toBe(200);
    expect((await fetch(`${direct}/apis/ready`)).status).toBe(200);
    expect((await fetch(`${nginx.url}/apis/health`)).status).toBe(200);
  });
});
