import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalSuite } from './support/portal-suite';
import { setUpPortalSuite } from './support/portal-suite';
import { browserToken, demoOperator, demoUser, signInAs } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';

/** A voucher end to end: the operator issues it, the user redeems it on 代金券, rents with it and finds it on the bill. */
let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ env: { SIMULATED_SPEED: '4' } }, (opened) => ({ browser, page } = suite = opened));

async function balance(token: string): Promise<number> {
  const response = await fetch(`${suite.server.url}/apis/user/auth/user/ext/get/realtime/balance`, { headers: { token } });
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

const yuan = (thousandths: number) => (thousandths / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the open dialogs show: their content is slotted into `<rc-dialogs>` from the page. */
const dialogText = () =>
  browser.execute(() =>
    Array.from(document.querySelectorAll('rc-dialogs'))
      .map((host) => host.textContent ?? '')
      .join('\n'),
  );

describe('a voucher (代金券)', () => {
  it('is issued by the operator, redeemed by the user, taken off a rent’s quote and paid with, then shown as 已使用 and on the bill', async () => {
    await signInAs(page, browser, suite.server.url, demoOperator);
    await page.open('/account/review/voucher');
    await browser.$('form .field input').waitForDisplayed({ timeout: 20_000 });
    const inputs = await browser.$$('form .field input');
    await inputs[0]!.setValue('新用户算力券');
    await inputs[1]!.setValue('10');
    await browser.$('button=发放').click();
    await browser.$('.voucher-codes').waitForDisplayed({ timeout: 15_000 });
    const code = (await browser.$('.voucher-codes').getText()).split('\n')[0]!.trim();
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    await page.waitForText('main', '0/10');

    await signInAs(page, browser, suite.server.url, demoUser);
    await page.open('/account/voucher');
    await browser.$('input[aria-label="兑换码"]').waitForDisplayed({ timeout: 20_000 });
    await browser.$('input[aria-label="兑换码"]').setValue(code);
    await browser.$('button=兑换').click();
    await page.waitForText('main table', '新用户算力券');
    expect(await page.textOf('main table')).toContain('¥10.00');

    await page.open('/account/suanli/create');
    await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
    await browser.$('.rc-gpu-model[data-model="H800"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-gpu-model[data-model="H800"]').click();
    await browser.$('[data-billing="2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('[data-billing="2"]').click();
    await page.waitForText('.rc-rent-summary .rc-quote-voucher', '代金券抵扣 ¥10.00');
    await browser.$('.rc-pay-button').click();
    await page.waitForPath('/account/instanceManage');

    await page.open('/account/voucher');
    await browser.$('.item=已使用 (1)').waitForClickable({ timeout: 20_000 });
    await browser.$('.item=已使用 (1)').click();
    await page.waitForText('main table', '抵扣 ¥10.00');
    // The ledger (收支明细) takes only the cash part from the balance and says what the voucher paid.
    await page.open('/account/billDetails');
    await page.waitForText('main', '代金券抵扣 ¥10.00');
  }, 120_000);

  it('of scope 课程 is taken off a course’s purchase dialog and pays its part, the balance the rest', async () => {
    await signInAs(page, browser, suite.server.url, demoOperator);
    await page.open('/account/review/voucher');
    await browser.$('form .field input').waitForDisplayed({ timeout: 20_000 });
    const inputs = await browser.$$('form .field input');
    await inputs[0]!.setValue('课程体验券');
    await inputs[1]!.setValue('20');
    const scope = browser.$('form .ui.selection.dropdown');
    await scope.click();
    await scope.$('div.item=课程').click();
    await browser.$('button=发放').click();
    await browser.$('.voucher-codes').waitForDisplayed({ timeout: 15_000 });
    const code = (await browser.$('.voucher-codes').getText()).split('\n')[0]!.trim();

    await signInAs(page, browser, suite.server.url, demoUser);
    await page.open('/account/voucher');
    await browser.$('input[aria-label="兑换码"]').waitForDisplayed({ timeout: 20_000 });
    await browser.$('input[aria-label="兑换码"]').setValue(code);
    await browser.$('button=兑换').click();
    await page.waitForText('main table', '课程体验券');
    const token = await browserToken(browser);
    const before = await balance(token);

    await page.open('/resource');
    await browser.$('.rc-course-search input').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-course-search input').setValue('大模型微调');
    await browser.$('.rc-course-search button[type="submit"]').click();
    await page.waitForText('.rc-course-grid', '大模型微调实战');
    await browser.$('.rc-course-card-link*=大模型微调实战').click();
    await page.waitForText('.rc-course-join', '立即购买 ¥99.00');
    await browser.$('.rc-course-join').click();
    await browser.waitUntil(async () => (await dialogText()).includes('代金券抵扣 ¥20.00'), {
      timeout: 20_000,
      timeoutMsg: 'the purchase dialog should take the 课程 voucher off',
    });
    expect(await dialogText()).toContain('支付后余额¥' + yuan(before - 79_000));
    await confirmDialog(browser, '确认支付');
    await page.waitForText('.rc-course-actions', '继续学习');
    expect(await balance(token)).toBe(before - 79_000);
    await page.open('/account/billDetails');
    await page.waitForText('main', '代金券抵扣 ¥20.00');
  }, 120_000);
});
