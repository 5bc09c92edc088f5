import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ensurePodman from '../api-server/src/test-support/ensure-podman';
import { ServerProcess } from '../api-server/src/test-support/server-process';
import { openChromium, type Browser } from './support/chromium';
import { apiCall, apiGet, browserToken, signInThroughApi } from './support/demo-session';
import { portalPage, type PortalPage } from './support/portal-page';

// A portal of its own whose instances are real Podman containers with sized data disks.
let server: ServerProcess;
let browser: Browser;
let page: PortalPage;
let closeBrowser: () => Promise<void>;
let token: string;
let instanceId: number | null = null;

const call = <T>(route: string, body: unknown = {}) => apiCall<T>(server.url, route, body, token);
const get = <T>(route: string) => apiGet<T>(server.url, route, token);

async function instanceStatus(id: number) {
  const list = await call<{ list: { status: number }[] }>('/container/auth/list', { pageNum: 1, pageSize: 1, id });
  return list.list[0]!.status;
}

async function reach(id: number, status: number) {
  for (let tries = 0; (await instanceStatus(id)) !== status; tries++) {
    if (tries > 240) throw new Error(`instance ${id} did not reach status ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
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
  if (instanceId !== null) {
    await call('/user/auth/user/instance/stop', { id: instanceId }).catch(() => {});
    await reach(instanceId, 4).catch(() => {});
    await call('/user/auth/user/instance/release/instance', { id: instanceId }).catch(() => {});
    await reach(instanceId, 6).catch(() => {});
  }
  await closeBrowser?.();
  await server?.stop();
});

describe("the instance's disks in the console", () => {
  it("shows each disk's use against its size, read from the running container", async () => {
    const [region] = await get<{ regionCode: string }[]>('/node/auth/region/list-enable');
    const models = await get<{ gpuModelId: number; freeGpu: number }[]>(
      `/node/auth/deviceType/statistics?regionCode=${region!.regionCode}`,
    );
    const [image] = await get<{ id: number }[]>('/image/auth/allSys');
    const model = models.find((candidate) => candidate.freeGpu > 0)!;
    const order = { regionCode: region!.regionCode, gpuModelId: model.gpuModelId, gpuCount: 1, billingType: 1, imageId: image!.id };
    const { quoteToken } = await call<{ quoteToken: string }>('/user/auth/order/price/preview', order);
    const { instance } = await call<{ instance: { id: number } }>('/user/auth/order/info/pay', { ...order, quoteToken });
    instanceId = instance.id;
    await reach(instance.id, 2);
    // The metrics pass reads a running instance's disks within its interval (15 s); the list shows the last reading.
    await page.open('/account/instanceManage');
    await browser.waitUntil(
      async () => {
        await browser.refresh();
        const line = browser.$('.rc-disk-usage');
        return (await line.isExisting()) && /数据盘 [\d.]+ (B|KB|MB) \/ 50 GB/.test(await line.getText());
      },
      { timeout: 60_000, interval: 3_000, timeoutMsg: 'the data disk use was not shown' },
    );
    const text = await browser.$('.rc-disk-usage').getText();
    expect(text).toMatch(/系统盘 [\d.]+ (B|KB|MB) \/ \d+ GB/);
  });
});
