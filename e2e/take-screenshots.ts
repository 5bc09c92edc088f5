// `npx tsx e2e/take-screenshots.ts [outDir]`: home, login, register, the agreement and privacy pages, /account/home, messages,
// uploads, the personal centre, the ID card images, /account/instance, the speed test, the
// transfer list with a confirmation dialog over it, the instance table with an instance, dialogs with a dropdown
// open, and a list while loading, empty and failed — at 1440 and 1280 px, in light and dark — taken against a fresh
// real server, for looking at before calling a visual change done.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openChromium, type Browser } from './support/chromium';
import { apiSend, demoUser, logInThroughApi, signInThroughApi } from './support/demo-session';
import { repoRoot, startPortalServer } from './support/portal-server';

const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '.tmp/screenshots'));
mkdirSync(outDir, { recursive: true });

const server = await startPortalServer();
const { browser, close } = await openChromium();

const call = <T>(token: string, route: string, body?: unknown) => apiSend<T>(server.url, route, token, body);

/** Two pay-as-you-go instances for the demo user, one left running and one stopped (only then can its image change). */
async function rentInstances() {
  const { token } = await logInThroughApi(server.url, demoUser);
  const [region] = await call<{ regionCode: string }[]>(token, '/node/auth/region/list-enable');
  const models = await call<{ gpuModelId: number; freeGpu: number }[]>(
    token,
    `/node/auth/deviceType/statistics?regionCode=${region!.regionCode}`,
  );
  const [image] = await call<{ id: number }[]>(token, '/image/auth/allSys');
  const model = models.find((candidate) => candidate.freeGpu > 1)!;
  const order = {
    regionCode: region!.regionCode,
    gpuModelId: model.gpuModelId,
    gpuCount: 1,
    billingType: 1,
    duration: 1,
    imageId: image!.id,
    dataDiskExtraGb: 0,
  };
  const pay = async () => {
    const { quoteToken } = await call<{ quoteToken: string }>(token, '/user/auth/order/price/preview', order);
    return call<{ instance: { id: number } }>(token, '/user/auth/order/info/pay', { ...order, quoteToken });
  };
  await pay();
  const { instance } = await pay();
  const status = async () =>
    (await call<{ list: { status: number }[] }>(token, '/container/auth/list', { pageNum: 1, pageSize: 1, id: instance.id })).list[0]!
      .status;
  const reach = async (wanted: number) => {
    for (let tries = 0; (await status()) !== wanted; tries++) {
      if (tries > 60) throw new Error(`instance ${instance.id} did not reach status ${wanted}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  await reach(2);
  await call(token, '/user/auth/user/instance/stop', { id: instance.id });
  await reach(4);
}

const shot = (name: string) => browser.saveScreenshot(path.join(outDir, `${name}.png`));

/** Clicks after scrolling the element to the middle (the sticky header covers the top). */
async function click(element: ReturnType<Browser['$']>) {
  await element.waitForDisplayed({ timeout: 20_000 });
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

async function openFromMore(operation: string, status: number) {
  const row = browser.$(`.rc-instance-table tbody tr[data-status="${status}"]`);
  await click(row.$('.rc-more-operations'));
  await click(row.$(`.rc-more-operations .item[data-operation="${operation}"]`));
  await browser.$('rc-dialogs form').waitForDisplayed({ timeout: 10_000 });
}

const closeDialogs = () =>
  browser.execute(async () => {
    const shared = await (window as unknown as { System: { import(name: string): Promise<any> } }).System.import('@rc/shared-utility');
    for (const dialog of shared.$dialogs.get()) shared.dialogs.close(dialog.id);
  });

try {
  await rentInstances();
  for (const width of [1440, 1280]) {
    await browser.setWindowSize(width, 900);
    for (const theme of ['theme_light', 'theme_dark'] as const) {
      const suffix = `${width}-${theme}`;
      await browser.url(`${server.url}/null`);
      await browser.execute(() => localStorage.clear());
      await browser.execute((value) => localStorage.setItem('theme', value), JSON.stringify(theme));
      for (const [name, url] of [
        ['home', '/'],
        ['login', '/login'],
        ['register', '/register'],
        ['agreement', '/agreement'],
        ['privacy', '/privacy'],
      ] as const) {
        await browser.url(server.url + url);
        await browser.pause(1500);
        await shot(`${name}-${suffix}`);
      }
      await signInThroughApi(browser, server.url);
      for (const [name, url] of [
        ['account-home', '/account/home'],
        ['account-message', '/account/message'],
        ['account-upload', '/account/upload'],
        ['list-empty', '/account/childUser'],
        ['account-personal', '/account/personal'],
        ['account-credential', '/account/realAuth/credential'],
        ['account-instance', '/account/instance'],
        ['recharge', '/account/recharge'],
        ['draw-money', '/account/draw_money'],
        ['bills', '/account/definAndDetail'],
      ] as const) {
        await browser.url(server.url + url);
        await browser.pause(1500);
        await shot(`${name}-${suffix}`);
      }

      await browser.url(`${server.url}/account/instanceManage`);
      await browser.$('.rc-instance-table tbody tr[data-status="2"]').waitForExist({ timeout: 30_000 });
      await browser.$('.rc-instance-table tbody tr[data-status="4"]').waitForExist({ timeout: 30_000 });
      await shot(`instance-table-${suffix}`);
      await click(browser.$('.rc-instance-table tbody tr[data-status="4"] .rc-more-operations'));
      await browser.pause(300);
      await shot(`instance-more-menu-${suffix}`);
      await browser.keys('Escape');
      for (const [operation, status] of [
        ['scheduleStop', 2],
        ['changeBilling', 2],
        ['changeImage', 4],
      ] as const) {
        await openFromMore(operation, status);
        const dropdown = 'rc-dialogs form .ui.selection.dropdown';
        await click(browser.$(dropdown));
        await browser.pause(400);
        await shot(`dialog-dropdown-${operation}-${suffix}`);
        await closeDialogs();
      }

      // A list while its call is under way, and when it failed (the network is off), then back.
      await browser.url(`${server.url}/account/message`);
      await browser.$('.rc-message-page .menu .item').waitForDisplayed({ timeout: 20_000 });
      await browser.setNetworkConditions({ offline: false, latency: 60_000, download_throughput: -1, upload_throughput: -1 });
      await click(browser.$('.rc-message-page .menu').$('a=未读'));
      await browser.pause(500);
      await shot(`list-loading-${suffix}`);
      await browser.setNetworkConditions({ offline: true, latency: 0, download_throughput: -1, upload_throughput: -1 });
      await click(browser.$('.rc-message-page .menu').$('a=已读'));
      await browser.$('.rc-list-error').waitForDisplayed({ timeout: 20_000 });
      await shot(`list-failed-${suffix}`);
      await browser.setNetworkConditions({ offline: false, latency: 0, download_throughput: -1, upload_throughput: -1 });

      if (width === 1440) {
        await browser.url(`${server.url}/account/upload/test`);
        await browser.$('button=开始测试').waitForClickable({ timeout: 20_000 });
        await browser.$('button=开始测试').click();
        await browser.$('.rc-upload-speed').waitForDisplayed({ timeout: 30_000 });
        await shot(`upload-speed-test-${suffix}`);
        await browser.execute(async () => {
          const shared = await (window as unknown as { System: { import(name: string): Promise<any> } }).System.import(
            '@rc/shared-utility',
          );
          shared.$uploadListShow.set(true);
          void shared.dialogs.confirm({
            title: '释放实例',
            content: '释放后数据不可恢复，确定释放吗？',
            confirmText: '释放',
            danger: true,
          });
          shared.bus.emit('toast', { type: 'success', message: '提示不会盖住对话框的标题' });
        });
        await browser.pause(800);
        await shot(`uploader-and-dialog-${suffix}`);
      }
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await close();
  await server.stop();
}
