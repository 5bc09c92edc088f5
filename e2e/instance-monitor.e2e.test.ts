import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, apiGet, signInAs, type Account } from './support/demo-session';
import { latestSmsCode } from './support/sms-outbox';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
// Samples every 2 s rather than 15 s, and the page reloads its series as often: the first chart comes soon after the start.
setUpPortalSuite({ env: { METRICS_INTERVAL_MS: '2000', SIMULATED_SPEED: '4' } }, (suite) => ({ browser, page, server } = suite));

interface Instance {
  id: number;
  status: number;
  idleStop: { minutes: number | null; percent: number };
}

/** A new account of this journey's own (registered with the welcome credit, so it can pay for a GPU hour). */
async function registeredAccount(): Promise<Account & { token: string }> {
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const password = 'Monitor@2026';
  await apiCall(server.url, '/user/api/user/send/code', { mobile, type: 'register' });
  const code = await latestSmsCode(server.dataDir, mobile, 'register');
  const { token } = await apiCall<{ token: string }>(server.url, '/user/api/user/register', { mobile, code, password });
  return { mobile, password, token };
}

/** Rents the cheapest card with one free (the welcome credit pays for an hour of it), pay-as-you-go. */
async function rentCheapestGpu(token: string): Promise<number> {
  const get = <T>(route: string) => apiGet<T>(server.url, route, token);
  const regions = await get<{ regionCode: string }[]>('/node/auth/region/list-enable');
  const offers = [];
  for (const { regionCode } of regions) {
    const models = await get<{ gpuModelId: number; hourPrice: number; freeGpu: number }[]>(
      `/node/auth/deviceType/statistics?regionCode=${regionCode}`,
    );
    offers.push(...models.filter((model) => model.freeGpu > 0).map((model) => ({ ...model, regionCode })));
  }
  const cheapest = offers.sort((a, b) => a.hourPrice - b.hourPrice)[0]!;
  const [image] = await get<{ id: number }[]>('/image/auth/allSys');
  const order = {
    regionCode: cheapest.regionCode,
    gpuModelId: cheapest.gpuModelId,
    gpuCount: 1,
    billingType: 1,
    imageId: image!.id,
    dataDiskExtraGb: 0,
  };
  const { quoteToken } = await apiCall<{ quoteToken: string }>(server.url, '/user/auth/order/price/preview', order, token);
  const { instance } = await apiCall<{ instance: { id: number } }>(
    server.url,
    '/user/auth/order/info/pay',
    { ...order, quoteToken },
    token,
  );
  return instance.id;
}

const instanceOf = async (token: string, id: number) =>
  (await apiCall<{ list: Instance[] }>(server.url, '/container/auth/list', { pageNum: 1, pageSize: 1, id }, token)).list[0]!;

describe('the instance monitor', () => {
  it('shows the charts once samples exist and saves the idle auto-stop', async () => {
    const account = await registeredAccount();
    const id = await rentCheapestGpu(account.token);
    await browser.waitUntil(async () => (await instanceOf(account.token, id)).status === 2, {
      timeout: 30_000,
      timeoutMsg: 'the rented instance did not start running',
    });
    const token = await signInAs(page, browser, server.url, account);

    await page.open('/account/instanceManage');
    const monitorLink = browser.$(`tr[data-instance-id="${id}"] [data-link="monitor"]`);
    await monitorLink.waitForClickable({ timeout: 20_000 });
    await monitorLink.click();
    await page.waitForPath('/account/instanceManage/monitor');
    await browser.$('.rc-instance-monitor').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-metrics-chart canvas').waitForExist({ timeout: 30_000, timeoutMsg: 'no chart drawn after the first samples' });
    expect(await browser.$$('.rc-metrics-chart canvas').length).toBeGreaterThanOrEqual(3);
    await browser.$('.rc-metrics-range [data-hours="168"]').click();
    await browser.$('.rc-metrics-chart canvas').waitForExist({ timeout: 15_000 });

    await browser.$('.rc-idle-stop-toggle').click();
    const minutes = browser.$('.rc-idle-minutes input');
    await minutes.clearValue();
    await minutes.setValue('20');
    await page.waitForText('.rc-idle-stop-effect', 'GPU 利用率连续 20 分钟低于 5%');
    await browser.$('.rc-idle-stop-save').click();
    await page.waitForText('.rc-idle-stop-saved', '连续 20 分钟低于 5% 时关机');
    expect((await instanceOf(token, id)).idleStop).toEqual({ minutes: 20, percent: 5 });

    await apiCall(server.url, '/user/auth/user/instance/stop', { id }, token);
  }, 150_000);
});
