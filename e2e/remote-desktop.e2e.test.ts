import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ensurePodman from '../api-server/src/test-support/ensure-podman';
import { ensureDesktopImage } from '../api-server/src/test-support/ensure-desktop-image';
import { ServerProcess } from '../api-server/src/test-support/server-process';
import { openChromium, type Browser } from './support/chromium';
import { apiCall, apiGet, browserToken, signInThroughApi } from './support/demo-session';
import { portalPage, type PortalPage } from './support/portal-page';
import { reachStatus, releaseInstances, rentRunningInstance } from './support/rented-instances';

// A portal of its own whose instances are real Podman containers (the shared journey server runs the simulated pool),
// opened at apps.localhost: the same site as its instance pages (`{id}-{port}.apps.localhost`), as a real site's portal
// and `*.apps.<its domain>` are, so the browser lets noVNC's pass cookie into the portal's frame.
let server: ServerProcess;
let portal: string;
let browser: Browser;
let page: PortalPage;
let closeBrowser: () => Promise<void>;
let token: string;
const rented: number[] = [];
const screenshots = path.join(import.meta.dirname, '../dist/screenshots');
mkdirSync(screenshots, { recursive: true });

const call = <T>(route: string, body: unknown = {}) => apiCall<T>(server.url, route, body, token);
const get = <T>(route: string) => apiGet<T>(server.url, route, token);

/** Rents one GPU by the hour of `imageId` as the demo user and waits until its container runs. */
async function rentRunning(imageId: number) {
  const id = await rentRunningInstance(server.url, token, { imageId });
  rented.push(id);
  return id;
}

const systemImages = () => get<{ id: number; name: string; desktop: boolean }[]>('/image/auth/allSys');

beforeAll(async () => {
  ensurePodman();
  ensureDesktopImage();
  server = await ServerProcess.start({ env: { COMPUTE_DRIVER: 'podman' } });
  portal = `http://apps.localhost:${server.port}`;
  const chromium = await openChromium();
  browser = chromium.browser;
  closeBrowser = chromium.close;
  page = portalPage(browser, portal);
  await page.reset();
  await signInThroughApi(browser, server.url);
  token = await browserToken(browser);
}, 600_000);

afterAll(async () => {
  if (token) await releaseInstances(server.url, token, rented);
  await closeBrowser?.();
  await server?.stop();
});

describe('the remote desktop at /vnc', () => {
  it('says an instance without a desktop has none, and rents the desktop image from there', async () => {
    const plain = (await systemImages()).find((image) => !image.desktop)!;
    const id = await rentRunning(plain.id);
    await page.open(`/vnc?id=${id}`);
    expect(await page.textOf('.rc-desktop-none')).toContain('该实例的镜像没有远程桌面');
    await browser.saveScreenshot(path.join(screenshots, 'remote-desktop-none.png'));
    await browser.$('.rc-desktop-rent').click();
    await page.waitForPath('/account/suanli/create');
    await page.waitForText('.rc-image-picker', '桌面环境 Debian 12 (VNC)');
  });

  it("shows the desktop image's instance's desktop in the page, opened from the instance row", async () => {
    const desktop = (await systemImages()).find((image) => image.desktop)!;
    const id = await rentRunning(desktop.id);
    await page.open('/account/instanceManage');
    const row = browser.$(`.rc-instance-table tbody tr[data-instance-id="${id}"]`);
    await row.$('.rc-more-operations').click();
    await row.$('.rc-open-desktop').click();
    await page.waitForPath('/vnc');
    expect(await browser.execute(() => window.location.search)).toBe(`?id=${id}`);

    // noVNC, framed from the instance's own origin, connects and draws the desktop (a white terminal on black).
    const frame = browser.$('iframe.rc-desktop-frame');
    await frame.waitForExist({ timeout: 15_000 });
    expect(new URL((await frame.getAttribute('src'))!).host).toBe(`${id}-6080.apps.localhost:${server.port}`);
    await browser.switchFrame(frame);
    await browser.waitUntil(() => browser.execute(() => document.documentElement.classList.contains('noVNC_connected')), {
      timeout: 30_000,
      timeoutMsg: 'noVNC did not connect',
    });
    await browser.waitUntil(
      () =>
        browser.execute(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('#noVNC_container canvas');
          if (!canvas || canvas.width === 0) return false;
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let lit = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 600) lit++;
          return lit > 10_000;
        }),
      { timeout: 30_000, timeoutMsg: 'the desktop was not drawn' },
    );
    expect(await browser.execute(() => location.origin)).toBe(`http://${id}-6080.apps.localhost:${server.port}`);
    await browser.switchFrame(null);
    await browser.saveScreenshot(path.join(screenshots, 'remote-desktop.png'));
  });

  it('asks to start a stopped desktop instance, and shows its desktop once started from the page', async () => {
    const id = rented.at(-1)!;
    await call('/user/auth/user/instance/stop', { id });
    await reachStatus(server.url, token, id, 4);
    await page.open(`/vnc?id=${id}`);
    expect(await page.textOf('.rc-desktop-off')).toContain('开机后可用');
    await browser.$('.rc-desktop-start').click();
    await browser.$('iframe.rc-desktop-frame').waitForExist({ timeout: 60_000 });
    await browser.switchFrame(browser.$('iframe.rc-desktop-frame'));
    await browser.waitUntil(() => browser.execute(() => document.documentElement.classList.contains('noVNC_connected')), {
      timeout: 30_000,
      timeoutMsg: 'noVNC did not connect after the start',
    });
    await browser.switchFrame(null);
  });
});
