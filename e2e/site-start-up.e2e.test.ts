import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, type Browser, type PhoneEmulation } from './support/chromium';
import { demoOperator, signInAs } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { serveScripts, type StaticServer } from './support/static-server';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

/** An iPhone as Chromium's device mode has it: the portal's `<meta name="viewport" content="width=1200">` applies. */
const iPhone: PhoneEmulation = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  deviceMetrics: { width: 390, height: 844, pixelRatio: 3, mobile: true, touch: true },
};

describe('start-up data', () => {
  it('loads the classes (categoryType 1, zoneLocation 1) with the site data, and the home page leads to each', async () => {
    await page.open('/');
    await page.waitForText('.rc-home-classes', '计算机视觉');
    const classes = await browser.execute(() => Array.from(document.querySelectorAll('.rc-home-classes a'), (link) => link.textContent));
    expect(classes).toEqual(['人工智能', '大模型', '计算机视觉']);
    await browser.$('.rc-home-classes').$('a=大模型').click();
    await page.waitForPath('/search');
    expect(await browser.execute(() => new URLSearchParams(window.location.search).get('keyword'))).toBe('大模型');
  });

  it('prefetches the micro-apps not loaded yet once the page is idle', async () => {
    await page.open('/blog');
    await browser.$('link[rel="prefetch"][data-app="@rc/mf-console"]').waitForExist({ timeout: 15_000 });
    const prefetched = await browser.execute(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.dataset.app),
    );
    // The blog's own micro-app is loaded already; every other is fetched ahead.
    expect(prefetched.sort()).toEqual(['@rc/mf-billing', '@rc/mf-console', '@rc/mf-learning', '@rc/mf-storage']);
  });
});

describe('phones and the H5 site (spec §1)', () => {
  let phone: Browser;
  let closePhone: () => Promise<void>;
  let h5: StaticServer;

  beforeAll(async () => {
    ({ browser: phone, close: closePhone } = await openChromium({ phone: iPhone }));
    h5 = await serveScripts({ '/h5/': '// the H5 site' });
  });
  afterAll(async () => {
    await closePhone?.();
    await h5?.stop();
  });

  /** The phone's layout: the page keeps the desktop site's 1200 px without scrolling sideways. */
  const phoneLayout = () =>
    phone.execute(() => ({
      path: window.location.pathname,
      width: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
      textSizeAdjust: getComputedStyle(document.documentElement).getPropertyValue('-webkit-text-size-adjust'),
    }));

  it('keeps phones on the desktop site, laid out whole, while no H5 site is set', async () => {
    for (const [path, ready] of [
      ['/', '.rc-home-features'],
      ['/login', '.rc-login-password'],
      ['/resource', '.rc-course-page'],
      ['/blog', '.rc-blog-list'],
    ] as const) {
      await phone.url(server.url + path);
      await phone.$(ready).waitForDisplayed({ timeout: 20_000 });
      const layout = await phoneLayout();
      expect(layout, path).toEqual({ path, width: 1200, scrollWidth: 1200, textSizeAdjust: '100%' });
    }
  });

  it('the operator sets the H5 site in 站点信息; phones are sent there and desktops stay', async () => {
    await signInAs(page, browser, server.url, demoOperator);
    await page.open('/account/review/site');
    const h5Input = browser.$('.rc-site-info-form input[name="h5Domain"]');
    await h5Input.waitForDisplayed({ timeout: 20_000 });
    await h5Input.setValue('m.suanli.example');
    await browser.$('.rc-site-info-form').$('button=保存').click();
    await page.waitForText('.rc-site-info-form', 'H5 站点地址须是以 http:// 或 https:// 开头的网址，或留空');
    await h5Input.setValue(`${h5.origin}/h5/`);
    await browser.$('.rc-site-info-form').$('button=保存').click();
    await page.waitForText('.rc-toasts', '站点信息已保存');

    await phone.url(`${server.url}/blog`);
    await phone.waitUntil(async () => (await phone.getUrl()) === `${h5.origin}/h5/`, {
      timeout: 20_000,
      timeoutMsg: 'the phone was not sent to the H5 site',
    });
    await page.open('/blog');
    await browser.$('.rc-search input').waitForDisplayed({ timeout: 20_000 });
    expect(await browser.execute(() => window.location.origin + window.location.pathname)).toBe(`${server.url}/blog`);
  });
});
