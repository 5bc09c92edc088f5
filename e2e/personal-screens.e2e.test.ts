import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { pngFile } from './support/png-file';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { fillRegisterForm } from './support/register-form';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

describe('a new user in the personal centre', () => {
  it('reads the user agreement and privacy policy from the register page', async () => {
    await page.open('/register');
    const agreementLink = browser.$('.rc-agreement').$('a=《用户协议》');
    await agreementLink.waitForClickable({ timeout: 15_000 });
    expect(await browser.$('.rc-agreement').$('a=《隐私政策》').getAttribute('href')).toBe('/privacy');
    const registerTab = await browser.getWindowHandle();
    await agreementLink.click();
    await browser.waitUntil(async () => (await browser.getWindowHandles()).length === 2, {
      timeoutMsg: 'the agreement did not open in a new tab',
    });
    const agreementTab = (await browser.getWindowHandles()).find((handle) => handle !== registerTab)!;
    await browser.switchToWindow(agreementTab);
    await page.waitForText('.rc-legal', '四、计费与余额');
    expect(await browser.$('.rc-legal h1').getText()).toBe('用户协议');
    await browser.closeWindow();
    await browser.switchToWindow(registerTab);
    await page.open('/privacy');
    await page.waitForText('.rc-legal', '三、证件图片的特别保护');
  });

  it('registers, gets the welcome credit and sees who they are on /account/personal', async () => {
    const mobile = '13955550001';
    await fillRegisterForm({ server, browser, page }, mobile, 'Reg@2026x');
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });

    await page.open('/account/personal');
    await page.waitForText('.rc-personal', '用户0001');
    const overview = await page.textOf('.rc-personal');
    expect(overview).toContain('个人中心');
    expect(overview).toContain('¥5.00');
    expect(overview).toContain('未实名');
    await browser.waitUntil(async () => /子账号\s*0\s*个/.test(await browser.$('.rc-personal .rc-stats').getText()), {
      timeout: 15_000,
      timeoutMsg: 'no sub-account count',
    });
    for (const title of ['个人信息', '实名认证', '证件认证', '修改密码', 'SSH 登录', '子账号管理']) expect(overview).toContain(title);
    await browser.$('.rc-personal-link*=修改密码').click();
    await page.waitForPath('/account/reset');
  });

  it('uploads the ID card front on /account/realAuth/credential through the page and sees it listed', async () => {
    await page.open('/account/realAuth');
    await browser.$('button=上传证件图片').waitForClickable({ timeout: 15_000 });
    await browser.$('button=上传证件图片').click();
    await page.waitForPath('/account/realAuth/credential');
    const front = browser.$('.rc-id-card[data-side="front"]');
    await front.$('button=上传人像面').waitForDisplayed({ timeout: 15_000 });

    await browser.$('input[name="id-card-front"]').addValue(pngFile('身份证人像面.png', 428, 270, [47, 107, 255]));
    const preview = front.$('img.rc-id-card-image');
    await preview.waitForDisplayed({ timeout: 30_000 });
    const shownWidth = () =>
      browser.execute(() => document.querySelector<HTMLImageElement>('.rc-id-card[data-side="front"] img')?.naturalWidth ?? 0);
    await browser.waitUntil(async () => (await shownWidth()) === 428, {
      timeout: 20_000,
      timeoutMsg: 'the stored image was not shown back',
    });
    expect(await front.getText()).toContain('身份证人像面.png');
    expect(await front.$('button=重新上传').isDisplayed()).toBe(true);

    await browser.$('input[name="id-card-back"]').addValue(pngFile('not-an-image.gif', 2, 2, [0, 0, 0]));
    await page.waitForText('.rc-toasts', '仅支持 JPG、PNG 格式的图片');
    await page.open('/account/realAuth/credential');
    await browser.$('.rc-id-card[data-side="front"] img.rc-id-card-image').waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$('.rc-id-card[data-side="back"]').$('button=上传国徽面').isDisplayed()).toBe(true);
  });

  it('shows the instance list on /account/instance, the same screen as /account/instanceManage', async () => {
    await page.open('/account/instance');
    await browser.$('.rc-instance-manage').waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$('.rc-feature-page').isExisting()).toBe(false);
  });
});
