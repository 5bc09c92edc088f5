import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { confirmDialog } from './support/rc-dialogs';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
setUpPortalSuite({ signedIn: true }, (suite) => ({ browser, page, server } = suite));

/** A call as a script makes it: the key in `Authorization: Bearer`, no session. */
async function balanceWithKey(key: string) {
  const response = await fetch(`${server.url}/apis/user/auth/user/ext/get/realtime/balance`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return (await response.json()) as { code: number; msg: string };
}

const row = () => browser.$('.rc-api-keys tbody tr');

describe('「API 密钥」', () => {
  it('creates a key that is shown once, lists it by its last 4 characters with its last use, and revokes it', async () => {
    await page.open('/account/personal');
    await browser.$('a.rc-personal-link[href="/account/apiKey"]').click();
    await page.waitForPath('/account/apiKey');
    await page.waitForText('.rc-api-keys', '还没有 API 密钥');

    await browser.$('.rc-create-api-key').click();
    const form = browser.$('rc-dialogs .rc-api-key-form');
    await form.waitForDisplayed({ timeout: 20_000 });
    await form.$('input').setValue('训练脚本');
    await form.$('input[name="scope-instance"] + label').click();
    await form.$('input[name="expiry"][value="30d"] + label').click();
    await form.$('.rc-dialog-submit').click();

    const shown = browser.$('rc-dialogs .rc-api-key-full');
    await shown.waitForDisplayed({ timeout: 20_000 });
    const key = await shown.getText();
    expect(key).toMatch(/^sl-[A-Za-z0-9_-]{43}$/);
    expect(await browser.$('rc-dialogs .rc-api-key-created').getText()).toContain('密钥只显示这一次，关闭后无法再次查看');
    await browser.$('rc-dialogs .rc-copy-api-key').click();
    await page.waitForText('.rc-toasts', '密钥已复制');
    await browser.$('rc-dialogs .rc-api-key-saved').click();
    await shown.waitForExist({ reverse: true, timeout: 20_000 });

    await page.waitForText('.rc-api-keys tbody', '训练脚本');
    expect(await row().getText()).toContain(`sl-…${key.slice(-4)}`);
    expect(await row().getText()).toContain('只读、实例');
    expect(await row().getText()).toContain('从未使用');
    expect(await browser.execute(() => document.body.innerText)).not.toContain(key.slice(3));

    expect((await balanceWithKey(key)).code).toBe(200);
    await browser.refresh();
    await page.waitForText('.rc-api-keys tbody .rc-api-key-last-used', '127.0.0.1');
    expect(await row().getText()).toContain('有效');

    await row().$('.rc-revoke-api-key').click();
    await confirmDialog(browser, '吊销');
    await page.waitForText('.rc-api-keys tbody', '已吊销');
    expect(await row().$('.rc-revoke-api-key').isExisting()).toBe(false);
    expect(await balanceWithKey(key)).toEqual(
      expect.objectContaining({ code: 401, msg: 'API 密钥已被吊销，请在「API 密钥」页面创建新的密钥' }),
    );
  });

  it('is in the account menu and the side menu', async () => {
    await page.open('/account/home');
    await browser.$('.rc-user-menu').click();
    await browser.$('//*[contains(@class, "rc-user-menu")]//*[@role="option"][.//span[text()="API 密钥"]]').click();
    await page.waitForPath('/account/apiKey');
    await page.open('/account/home');
    await browser.$('.rc-side-menu a[href="/account/apiKey"]').waitForExist({ timeout: 15_000 });
  });
});
