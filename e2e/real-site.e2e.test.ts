import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalSuite } from './support/portal-suite';
import { setUpPortalSuite } from './support/portal-suite';
import { fillRegisterForm } from './support/register-form';

/**
 * A real site as the deploy guide installs it (SEED_DEMO_DATA=false) on an empty database: no demo accounts, no
 * sandbox cashier and no GPU nodes yet. The first user registers and finds a portal that says what it lacks.
 */
let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ env: { SEED_DEMO_DATA: 'false' } }, (opened) => ({ browser, page } = suite = opened));

describe('a real site started on an empty database', () => {
  it('lets the first user register, then says that no GPU is for rent yet and that no online payment is open', async () => {
    await fillRegisterForm(suite, '13912340002', 'First@pass1');
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await page.waitForPath('/');
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$('.rc-demo-banner').isExisting()).toBe(false);

    await page.open('/account/suanli/create');
    await page.waitForText('.rc-region-tabs', '北京A区');
    await page.waitForText('.rc-rent-page', '该地区暂无可租用的 GPU');
    expect(await browser.$$('.rc-gpu-model').length).toBe(0);

    await page.open('/account/recharge');
    await page.waitForText('.rc-recharge-methods', '本站暂未开通在线支付');
    expect(await browser.$('.rc-recharge-form button[type="submit"]').isEnabled()).toBe(false);
  });
});
