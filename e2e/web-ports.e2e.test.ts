import { afterAll, describe, expect, it } from 'vitest';
import { startWebPortStandIn } from '../api-server/src/test-support/web-port-stand-in';
import { openChromium, type Browser } from './support/chromium';
import { apiCall, browserToken, logInThroughApi } from './support/demo-session';
import { rentRunningInstance } from './support/rented-instances';
import { latestSmsCode } from './support/sms-outbox';
import type { PortalPage } from './support/portal-page';
import { setUpPortalSuite, type PortalSuite } from './support/portal-suite';

/** The instance's web ports as the simulated pool answers them. */
const stage = await startWebPortStandIn(() => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: '<!doctype html><meta charset="utf-8"><title>service</title><h1 id="served">实例中的服务</h1>',
}));
afterAll(() => stage.close());

let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite(
  { signedIn: true, env: { SIMULATED_WEB_TARGET: stage.address, SIMULATED_SPEED: '4' } },
  (opened) => ({ browser, page } = suite = opened),
);

/** A browser that never signed in to the portal opens `url`: the text it is shown. */
async function inFreshBrowser(url: string, then?: (fresh: Browser) => Promise<void>) {
  const fresh = await openChromium();
  try {
    await fresh.browser.url(url);
    const text = await fresh.browser.$('body').getText();
    await then?.(fresh.browser);
    return text;
  } finally {
    await fresh.close();
  }
}

/** Clicks what opens port 8000 of the instance: it opens in a new tab, on the port's own origin, past the ticket. */
async function openInNewTab(click: () => Promise<unknown>, id: number) {
  const portalWindow = await browser.getWindowHandle();
  await click();
  await browser.waitUntil(async () => (await browser.getWindowHandles()).length === 2, { timeout: 20_000 });
  await browser.switchToWindow((await browser.getWindowHandles()).find((handle) => handle !== portalWindow)!);
  await browser.$('#served').waitForExist({ timeout: 20_000 });
  expect(await browser.getUrl()).toMatch(new RegExp(`^http://${id}-8000\\.apps\\.localhost:\\d+/$`));
  await browser.closeWindow();
  await browser.switchToWindow(portalWindow);
}

const portRow = (port: number) => browser.$(`.rc-web-port[data-port="${port}"]`);

describe('自定义服务 and share links', () => {
  it('adds a port and opens it; its share link opens in a fresh browser without a login, and not after revoke', async () => {
    const token = await browserToken(browser);
    const id = await rentRunningInstance(suite.server.url, token);

    await page.open('/account/instanceManage');
    await browser.$(`tr[data-instance-id="${id}"] a[data-link="web-ports"]`).click();
    await portRow(8888).waitForDisplayed({ timeout: 20_000 });
    await browser.$('.rc-add-web-port input[placeholder^="服务名称"]').setValue('演示服务');
    await browser.$('.rc-add-web-port .rc-add-web-port-number input').setValue('8000');
    await browser.$('.rc-add-web-port button[type="submit"]').click();
    await portRow(8000).waitForDisplayed({ timeout: 20_000 });
    expect(await portRow(8000).getText()).toContain('演示服务');

    // 打开 from the page, and from the row's 网页端口 menu of the instance list.
    await openInNewTab(() => portRow(8000).$('.rc-open-web-port').click(), id);
    await page.open('/account/instanceManage');
    const menu = browser.$(`tr[data-instance-id="${id}"] .rc-web-ports-menu`);
    await menu.click();
    await menu.$('.rc-web-ports-menu-item[data-port="8000"]').waitForClickable({ timeout: 20_000 });
    expect(await menu.$('.rc-web-ports-menu-item[data-port="8000"]').getText()).toContain('演示服务（8000）');
    await openInNewTab(() => menu.$('.rc-web-ports-menu-item[data-port="8000"]').click(), id);
    await page.open(`/account/instanceManage/webPorts?id=${id}`);
    await portRow(8000).waitForDisplayed({ timeout: 20_000 });

    await portRow(8000).$('.rc-share-web-port').click();
    await browser.$('.rc-create-share').click();
    await browser.$('.rc-share-url input').waitForDisplayed({ timeout: 20_000 });
    const shareUrl = await browser.$('.rc-share-url input').getValue();
    expect(shareUrl).toMatch(new RegExp(`^http://${id}-8000\\.apps\\.localhost:\\d+/\\?rc_share=[\\w-]{43}$`));
    await browser.$('.rc-page-share').waitForDisplayed({ timeout: 20_000 });

    // A second fresh browser keeps its pass cookie to show that revoking ends it too.
    const shared = await openChromium();
    try {
      await shared.browser.url(shareUrl);
      expect(await shared.browser.$('#served').getText()).toBe('实例中的服务');
      expect(await shared.browser.getUrl()).toMatch(new RegExp(`^http://${id}-8000\\.apps\\.localhost:\\d+/$`));
      expect(await inFreshBrowser(shareUrl)).toContain('实例中的服务');

      await browser.$('.rc-page-share .rc-revoke-share').click();
      await browser.$('.rc-page-share').waitForExist({ reverse: true, timeout: 20_000 });

      expect(await inFreshBrowser(shareUrl)).toContain('无法打开该页面');
      await shared.browser.refresh();
      expect(await shared.browser.$('body').getText()).toContain('无法打开该页面');
    } finally {
      await shared.close();
    }
  });

  it("lets the main account open, share and see the remote desktop page of its balance-sharing sub-account's instance from 子账号管理", async () => {
    const mainToken = await browserToken(browser);
    const sub = { mobile: `135${String(Date.now()).slice(-8)}`, password: 'Sub@2026x', nickname: '共享子账号' };
    await apiCall(suite.server.url, '/user/api/user/send/code', { mobile: sub.mobile, type: 'bind' });
    const code = await latestSmsCode(suite.server.dataDir, sub.mobile, 'bind');
    const { id: subUserId } = await apiCall<{ id: number }>(
      suite.server.url,
      '/user/auth/user/ext/add/sub/user',
      { ...sub, code },
      mainToken,
    );
    const share = (shareBalance: boolean) =>
      apiCall(suite.server.url, '/user/auth/user/ext/update/sub/user/share', { subUserId, shareBalance }, mainToken);
    await share(true);
    const { token: subToken } = await logInThroughApi(suite.server.url, sub);
    const id = await rentRunningInstance(suite.server.url, subToken);
    await apiCall(suite.server.url, '/user/auth/user/instance/page/port/add', { id, name: '演示服务', port: 8000 }, subToken);

    const showInstances = async () => {
      await page.open('/account/childUser');
      await browser.$(`tr[data-sub-id="${subUserId}"] .rc-sub-instances-button`).click();
    };
    await showInstances();
    const listed = browser.$(`.rc-sub-instance[data-instance-id="${id}"]`);
    await listed.$('.rc-open-sub-page[data-port="8000"]').waitForClickable({ timeout: 20_000 });
    expect(await listed.getText()).toContain('运行中');
    expect(await listed.$('.rc-open-sub-page[data-port="8888"]').getText()).toBe('JupyterLab');
    await openInNewTab(() => listed.$('.rc-open-sub-page[data-port="8000"]').click(), id);

    // 分享 leads to the instance's web ports page, where the main account makes a link (adding ports stays the owner's).
    await listed.$('.rc-sub-web-ports').click();
    await portRow(8000).waitForDisplayed({ timeout: 20_000 });
    expect(await browser.getUrl()).toMatch(new RegExp(`/account/instanceManage/webPorts\\?id=${id}$`));
    expect(await browser.$('.rc-add-web-port').isExisting()).toBe(false);
    expect(await browser.$('button*=返回子账号管理').isExisting()).toBe(true);
    await portRow(8000).$('.rc-share-web-port').click();
    await browser.$('.rc-create-share').click();
    await browser.$('.rc-share-url input').waitForDisplayed({ timeout: 20_000 });
    const shareUrl = await browser.$('.rc-share-url input').getValue();
    expect(await inFreshBrowser(shareUrl)).toContain('实例中的服务');

    // The in-portal remote desktop page shows the sub-account's instance (the simulated pool's image has no desktop).
    await showInstances();
    await listed.$('.rc-sub-web-ports').waitForClickable({ timeout: 20_000 });
    await page.open(`/vnc?id=${id}`);
    await page.waitForText('.rc-desktop-none', '该实例的镜像没有远程桌面');

    // Once the sub-account keeps its own balance, its instances are neither listed nor opened for the main account.
    await share(false);
    await showInstances();
    await page.waitForText('.rc-sub-instances-unshared', '该子账号未共享主账号余额');
    const refused = await fetch(`${suite.server.url}/apis/user/auth/user/instance/page/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: mainToken },
      body: JSON.stringify({ id, port: 8000 }),
    });
    expect(await refused.json()).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await inFreshBrowser(shareUrl)).toContain('无法打开该页面');
    await page.open(`/vnc?id=${id}`);
    await page.waitForText('.rc-missing', '实例不存在或已释放');
  });
});
