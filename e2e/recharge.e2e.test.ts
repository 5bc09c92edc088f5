import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalSuite } from './support/portal-suite';
import { setUpPortalSuite } from './support/portal-suite';
import { fillRegisterForm } from './support/register-form';

let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (opened) => ({ browser, page } = suite = opened));

async function headerBalance(): Promise<string> {
  return browser.$('.rc-balance .rc-money').getText();
}

async function chooseEightH800() {
  await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
  await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
  await browser.$('.rc-gpu-model[data-model="H800"]').waitForClickable({ timeout: 10_000 });
  await browser.$('.rc-gpu-model[data-model="H800"]').click();
  await browser.$('.rc-gpu-counts [data-count="8"]').click();
  await page.waitForText('.rc-rent-summary', '¥79.84/小时');
}

describe('a new user pays for compute with money recharged through the sandbox cashier', () => {
  it('registers, is sent from 余额不足 to 充值, pays ¥100 at the cashier, sees the balance grow, and rents with it', async () => {
    const mobile = `137${String(Date.now()).slice(-8)}`;
    await fillRegisterForm(suite, mobile, 'Pay@2026x');
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await page.waitForPath('/');
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });

    await page.open('/account/suanli/create');
    await chooseEightH800();
    await page.waitForText('.rc-balance .rc-money', '¥5.00');
    const toRecharge = browser.$('.rc-to-recharge');
    await toRecharge.waitForClickable({ timeout: 10_000 });
    expect(await toRecharge.getText()).toBe('余额不足，去充值');
    await toRecharge.click();
    await page.waitForPath('/account/recharge');

    await browser.$('.rc-recharge-presets').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-recharge-presets [data-amount="100000"]').click();
    await browser.$('.rc-recharge-methods [data-method="sandbox"]').click();
    await browser.$('.rc-recharge-form button[type="submit"]').click();

    await page.waitForText('main', '沙箱收银台');
    expect(await page.pathname()).toMatch(/^\/apis\/user\/api\/pay\/sandbox\/cashier\/\w+$/);
    expect(await browser.$('.amount').getText()).toBe('¥100.00');
    await browser.$('button.pay').click();

    await page.waitForPath('/account/recharge');
    expect(await browser.execute(() => window.location.search)).toMatch(/^\?orderNo=\w+$/);
    await page.waitForText('.rc-recharge-result', '充值成功');
    await page.waitForText('.rc-balance .rc-money', '¥105.00');
    await page.waitForText('.rc-recharge-list', '已支付');
    expect(await headerBalance()).toBe('¥105.00');

    await page.open('/account/suanli/create');
    await chooseEightH800();
    expect(await browser.$('.rc-to-recharge').isExisting()).toBe(false);
    await browser.$('.rc-pay-button').click();
    await page.waitForPath('/account/instanceManage');
    await page.waitForText('.rc-instance-count', '1');
    await page.waitForText('.rc-instance-table tbody tr', 'H800 × 8');

    await page.open('/account/order');
    await page.waitForText('.rc-order-row', '新购');
    expect(await browser.$$('.rc-order-row').length).toBe(2);
    expect(await page.textOf('.rc-order-row:last-child')).toContain('充值');
    await browser.$('.rc-order-open').click();
    await browser.waitUntil(async () => (await page.pathname()).startsWith('/account/orderDetail/'), {
      timeout: 15_000,
      timeoutMsg: 'the order detail did not open',
    });
    await page.waitForText('.rc-order-quote', 'H800');
  });
});
