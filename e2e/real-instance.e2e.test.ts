import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ensurePodman from '../api-server/src/test-support/ensure-podman';
import { ServerProcess } from '../api-server/src/test-support/server-process';
import { openChromium, type Browser } from './support/chromium';
import { browserToken, signInThroughApi } from './support/demo-session';
import { portalPage, type PortalPage } from './support/portal-page';
import { releaseInstances, rentRunningInstance } from './support/rented-instances';

// A portal of its own whose instances are real Podman containers (the shared journey server runs the simulated pool):
// one rented instance for the file, reached from the browser's terminal and shown with its disks' use.
let server: ServerProcess;
let browser: Browser;
let page: PortalPage;
let closeBrowser: () => Promise<void>;
let token: string;
let instanceId: number | null = null;
const deployedIds: number[] = [];

/** The one instance rented bare for the file, once, running. */
async function runningInstance() {
  instanceId ??= await rentRunningInstance(server.url, token);
  return instanceId;
}

beforeAll(async () => {
  ensurePodman();
  server = await ServerProcess.start({ env: { COMPUTE_DRIVER: 'podman' } });
  const chromium = await openChromium();
  browser = chromium.browser;
  closeBrowser = chromium.close;
  page = portalPage(browser, server.url);
  await page.reset();
  await signInThroughApi(browser, server.url);
  token = await browserToken(browser);
});

afterAll(async () => {
  if (token) await releaseInstances(server.url, token, [...(instanceId === null ? [] : [instanceId]), ...deployedIds]);
  await closeBrowser?.();
  await server?.stop();
});

describe('the web terminal', () => {
  it('opens a shell in the running instance from the browser, runs a command and shows its output', async () => {
    const id = await runningInstance();
    await page.open(`/account/instanceManage/terminal?id=${id}`);
    await browser.$('.rc-terminal-status[data-phase="open"]').waitForDisplayed({ timeout: 30_000 });
    await browser.$('.rc-terminal-screen').click();
    await browser.keys('echo hello-$((6*7))');
    await browser.keys('Enter');
    await browser.waitUntil(async () => (await browser.$('.rc-terminal-screen .xterm-rows').getText()).includes('hello-42'), {
      timeout: 20_000,
      timeoutMsg: 'the terminal did not show hello-42',
    });
    expect(await browser.$('.rc-terminal-status').getText()).toBe('已连接');
  });
});

describe("the instance's disks in the console", () => {
  it("shows each disk's use against its size, read from the running container", async () => {
    await runningInstance();
    // The metrics pass reads a new running instance's disks at its next run; the list shows the last reading. A loaded
    // machine may take a few passes: the bound is generous, not a timing.
    await page.open('/account/instanceManage');
    await browser.waitUntil(
      async () => {
        await browser.refresh();
        // The list draws after the page's load event (its call lasts at least 200 ms): wait for the row, then read it.
        const line = browser.$('.rc-instance-table .rc-disk-usage');
        await line.waitForExist({ timeout: 20_000 }).catch(() => undefined);
        return /数据盘 [\d.]+ (B|KB|MB) \/ 50 GB/.test(await line.getText().catch(() => ''));
      },
      { timeout: 170_000, interval: 3_000, timeoutMsg: 'the data disk use was not shown' },
    );
    const text = await browser.$('.rc-instance-table .rc-disk-usage').getText();
    expect(text).toMatch(/系统盘 [\d.]+ (B|KB|MB) \/ \d+ GB/);
  }, 180_000);
});

/** Deploys the application named on its card from 应用中心 (the rent page pre-filled by its template, paid); answers the instance id. */
async function deployFromAppCentre(name: string) {
  await page.open('/account/appCenter');
  const card = browser.$(`.rc-app-card[data-name="${name}"]`);
  await card.waitForClickable({ timeout: 20_000 });
  await card.click();
  await browser.$('.rc-app-detail .rc-app-deploy').waitForClickable({ timeout: 20_000 });
  await browser.$('.rc-app-detail .rc-app-deploy').click();
  await page.waitForText('.rc-app-launch-name', name);
  await page.waitForText('.rc-rent-summary', '/小时');
  await browser.$('.rc-pay-button').waitForEnabled({ timeout: 15_000 });
  await browser.$('.rc-pay-button').click();
  await page.waitForPath('/account/instanceManage');
  const row = browser.$('.rc-instance-table tbody tr');
  await row.waitForExist({ timeout: 15_000 });
  const id = Number(await row.getAttribute('data-instance-id'));
  deployedIds.push(id);
  return id;
}

/** Waits on the console for the instance's application to show 运行中, then opens its page from the row: the new tab it lands in. */
async function openRunningApp(id: number) {
  const row = browser.$(`.rc-instance-table tr[data-instance-id="${id}"]`);
  expect(await row.$('.rc-app-service-state').getText()).toMatch(/启动中|运行中/);
  await row
    .$('.rc-app-service[data-state="running"]')
    .waitForExist({ timeout: 120_000, timeoutMsg: 'the application did not reach 运行中' });
  expect(await row.$('.rc-app-service-state').getText()).toBe('运行中');
  const portal = await browser.getWindowHandle();
  await row.$('.rc-open-app').click();
  await browser.waitUntil(async () => (await browser.getWindowHandles()).length === 2, { timeout: 15_000 });
  await browser.switchToWindow((await browser.getWindowHandles()).find((handle) => handle !== portal)!);
  return async () => {
    await browser.closeWindow();
    await browser.switchToWindow(portal);
  };
}

describe('applications that start', () => {
  it('deploys the file browser from 应用中心; the console shows 运行中 and opens its directory listing on the instance-pages origin', async () => {
    const id = await deployFromAppCentre('文件浏览器');
    const back = await openRunningApp(id);
    await browser.waitUntil(async () => (await browser.$('body').getText()).includes('Directory listing for /'), {
      timeout: 20_000,
      timeoutMsg: 'the file browser did not show its listing',
    });
    expect(new URL(await browser.getUrl()).host).toBe(`${id}-8000.apps.localhost:${new URL(server.url).port}`);
    expect(await browser.$('body').getText()).toContain('data/');
    await back();
  }, 240_000);

  it('deploys Jupyter Notebook from 应用中心; the console shows 运行中 and opens Jupyter, logged in, on the instance-pages origin', async () => {
    const id = await deployFromAppCentre('Jupyter Notebook');
    const back = await openRunningApp(id);
    await browser.waitUntil(async () => new URL(await browser.getUrl()).pathname.startsWith('/tree'), {
      timeout: 30_000,
      timeoutMsg: 'Jupyter did not open its file tree',
    });
    expect(new URL(await browser.getUrl()).host).toBe(`${id}-8888.apps.localhost:${new URL(server.url).port}`);
    await browser.$('#notebook_list').waitForExist({ timeout: 20_000 });
    await back();
  }, 240_000);
});
