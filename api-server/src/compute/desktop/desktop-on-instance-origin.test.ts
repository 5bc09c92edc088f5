import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { images } from '../../db/index.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { ensureDesktopImage } from '../../test-support/ensure-desktop-image.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { closePodmanTestApp, createPodmanTestApp, runningPodmanInstance } from '../../test-support/podman-test-app.js';
import { desktopImageRef } from './desktop-image.js';

let t: TestApp;
let base: string;
let desktopImageId: number;

beforeAll(async () => {
  ensureDesktopImage();
  t = await createPodmanTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [{ id: desktopImageId }] = (await t.app.db.select({ id: images.id }).from(images).where(eq(images.runtimeRef, desktopImageRef))) as [
    { id: number },
  ];
}, 600_000);
afterAll(() => closePodmanTestApp(t));

/** The test app's instance-pages origin (`http://{id}-{port}.apps.localhost:8080`) for noVNC's port. */
const hostOf = (id: number) => `${id}-6080.apps.localhost:8080`;

const viewOf = async (token: string, id: number) =>
  (await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, token)).data.list[0];

const desktopTicket = (token: string, id: number) => call(t.app, 'POST', '/apis/user/auth/user/instance/desktop/ticket', { id }, token);

const page = (id: number, pass: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host: hostOf(id), cookie: pass } });

/** The first bytes the instance's VNC server sends through websockify, the instance-pages origin and its proxy. */
function vncGreeting(id: number, pass: string) {
  const socket = new WebSocket(`ws://${base}/websockify`, { origin: `http://${hostOf(id)}`, headers: { host: hostOf(id), cookie: pass } });
  socket.binaryType = 'nodebuffer';
  return new Promise<string>((resolve, reject) => {
    socket.once('message', (data: Buffer) => {
      resolve(data.toString('latin1'));
      socket.close();
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

describe('the remote desktop of a desktop instance', () => {
  it("is a seeded system image whose instance serves noVNC's page and the VNC server's WebSocket on the instance-pages origin", async () => {
    const user = await runningPodmanInstance(t, desktopImageId);
    const listed = await call(t.app, 'GET', '/apis/image/auth/allSys', undefined, user.user.token);
    const desktops = (listed.data as { name: string; desktop: boolean }[]).filter((image) => image.desktop).map((image) => image.name);
    expect(desktops).toEqual(['桌面环境 Debian 12 (VNC)']);

    // noVNC's page, opened with the desktop ticket on the instance's own origin, then its WebSocket reaches the VNC server.
    const { id } = user;
    expect(await viewOf(user.user.token, id)).toMatchObject({ desktop: true, desktopReason: '' });
    // websockify starts a moment after the container: until it listens the call answers 503 and the page asks again.
    let asked = await desktopTicket(user.user.token, id);
    for (let waited = 0; asked.code === 503; waited += 200) {
      expect(asked.msg).toBe('远程桌面正在启动，请稍候');
      if (waited > 60_000) throw new Error('the desktop did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
      asked = await desktopTicket(user.user.token, id);
    }
    expect(asked.code).toBe(200);
    const url = new URL(asked.data.url);
    expect(url.host).toBe(hostOf(id));
    expect(url.pathname).toBe('/vnc.html');
    const entered = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: hostOf(id) } });
    expect(entered.statusCode).toBe(303);
    expect(entered.headers.location).toBe('/vnc.html?autoconnect=1&resize=scale&reconnect=1&path=websockify');
    const pass = String(entered.headers['set-cookie']).split(';')[0]!;
    const opened = await page(id, pass, entered.headers.location!);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<title>noVNC</title>');
    // The portal frames it: nothing on the instance's origin forbids that.
    expect(opened.headers['x-frame-options']).toBeUndefined();
    expect(String(opened.headers['content-security-policy'] ?? '')).not.toContain('frame-ancestors');
    expect((await page(id, pass, '/core/rfb.js')).statusCode).toBe(200);

    expect(await vncGreeting(id, pass)).toMatch(/^RFB 003\.00\d\n$/);
  });

  it('is refused for an instance of an image without one, and for another user', async () => {
    const plain = await runningPodmanInstance(t);
    expect(await viewOf(plain.user.token, plain.id)).toMatchObject({ desktop: false, desktopReason: '该实例的镜像没有远程桌面' });
    expect(await desktopTicket(plain.user.token, plain.id)).toMatchObject({ code: 409, msg: '该实例的镜像没有远程桌面' });

    const other = await runningPodmanInstance(t, desktopImageId);
    expect(await desktopTicket(plain.user.token, other.id)).toMatchObject({ code: 404, msg: '实例不存在' });
  });

  it('stays with the images saved from a desktop instance, and theirs', async () => {
    const user = await userWithBalance(t.app, 0);
    const saved = async (name: string, baseImageId: number) => {
      const [row] = await t.app.db
        .insert(images)
        .values({
          userId: user.id,
          name,
          framework: '远程桌面',
          frameworkVersion: '1',
          python: '3.11',
          cuda: '11.8',
          os: 'Debian 12',
          sizeBytes: 1,
          baseImageId,
        })
        .returning({ id: images.id });
      return row!.id;
    };
    const [plainImage] = (await call(t.app, 'GET', '/apis/image/auth/allSys', undefined, user.token)).data as { id: number }[];
    await saved('从桌面保存', await saved('桌面实例保存', desktopImageId));
    await saved('普通镜像保存', plainImage!.id);
    const own = await call(t.app, 'POST', '/apis/image/auth/private/page', { pageNum: 1, pageSize: 10 }, user.token);
    const desktopOf = Object.fromEntries(
      (own.data.list as { name: string; desktop: boolean }[]).map((image) => [image.name, image.desktop]),
    );
    expect(desktopOf).toEqual({ 从桌面保存: true, 桌面实例保存: true, 普通镜像保存: false });
  });
});
