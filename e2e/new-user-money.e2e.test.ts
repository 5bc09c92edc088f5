import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../api-server/src/test-support/pdf-text';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalSuite } from './support/portal-suite';
import { setUpPortalSuite } from './support/portal-suite';
import { apiSend, demoOperator, signInAs } from './support/demo-session';
import { fillRegisterForm } from './support/register-form';
import { confirmDialog } from './support/rc-dialogs';

/**
 * A brand-new user's money, end to end: registers, is sent from 余额不足 to 充值, pays at the sandbox cashier,
 * rents with it, finds the order, rents a day more, asks for an invoice for that order, which the operator issues
 * from the side menu, and downloads its PDF.
 */
const downloads = mkdtempSync(path.join(tmpdir(), 'rc-new-user-downloads-'));
let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ chromium: { downloadDir: downloads }, env: { SIMULATED_SPEED: '4' } }, (opened) => ({ browser, page } = suite = opened));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const demoBanner = '演示环境：充值通过模拟收银台完成，不会真实扣款；仍有账户使用公开的演示密码，请尽快修改';
const mobile = `137${String(Date.now()).slice(-8)}`;
const password = 'Pay@2026x';

async function headerBalance(): Promise<string> {
  return browser.$('.rc-balance .rc-money').getText();
}

async function chooseEightH800() {
  await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
  await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
  await browser.$('.rc-gpu-model[data-model="H800"]').waitForClickable({ timeout: 20_000 });
  await browser.$('.rc-gpu-model[data-model="H800"]').click();
  await browser.$('.rc-gpu-counts [data-count="8"]').click();
  await page.waitForText('.rc-rent-summary', '¥79.84/小时');
}

const call = <T>(token: string, route: string, body?: unknown) => apiSend<T>(suite.server.url, route, token, body);

/** Retries an instance operation until the instance's state allows it (creating → running). */
async function untilAccepted(operation: () => Promise<unknown>) {
  for (let tries = 0; ; tries++) {
    try {
      return await operation();
    } catch (error) {
      if (tries > 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Rents an RTX 3090 for a day (quoted, then paid up front) and stops it, through the real order and charge path: one paid order to invoice. */
async function rentForADay(token: string) {
  const regions = await call<Array<{ regionCode: string }>>(token, '/node/auth/region/list-enable');
  const images = await call<Array<{ id: number }>>(token, '/image/auth/allSys');
  for (const { regionCode } of regions) {
    const models = await call<Array<{ gpuModelId: number; deviceType: string; freeGpu: number }>>(
      token,
      `/node/auth/deviceType/statistics?regionCode=${regionCode}`,
    );
    const model = models.find((m) => m.deviceType === 'rtx3090' && m.freeGpu > 0);
    if (!model) continue;
    const order = { regionCode, gpuModelId: model.gpuModelId, imageId: images[0]!.id, gpuCount: 1, billingType: 2, duration: 1 };
    const { quoteToken } = await call<{ quoteToken: string }>(token, '/user/auth/order/price/preview', order);
    const paid = await call<{ instance: { id: number } }>(token, '/user/auth/order/info/pay', { ...order, quoteToken });
    await untilAccepted(() => call(token, '/user/auth/user/instance/stop', { id: paid.instance.id }));
    return;
  }
  throw new Error('no free RTX 3090');
}

async function clickCentered(selector: string, within?: string) {
  const element = within ? browser.$(within).$(selector) : browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

describe('a new user’s money, from registration to an invoice', () => {
  it('registers, is sent from 余额不足 to 充值, pays ¥100 at the cashier, sees the balance grow, rents with it and finds the order', async () => {
    await fillRegisterForm(suite, mobile, password);
    // A demo site (the sandbox cashier on, the demo accounts on their published password) says so on every page.
    await page.waitForText('.rc-demo-banner', demoBanner);
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await page.waitForPath('/');
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });
    expect(await page.textOf('.rc-demo-banner')).toBe(demoBanner);

    await page.open('/account/suanli/create');
    await chooseEightH800();
    await page.waitForText('.rc-balance .rc-money', '¥5.00');
    const toRecharge = browser.$('.rc-to-recharge');
    await toRecharge.waitForClickable({ timeout: 20_000 });
    expect(await toRecharge.getText()).toBe('余额不足，去充值');
    await toRecharge.click();
    await page.waitForPath('/account/recharge');

    await browser.$('.rc-recharge-presets').waitForDisplayed({ timeout: 15_000 });
    expect(await page.textOf('.rc-demo-banner')).toBe(demoBanner);
    expect(await page.textOf('.rc-recharge-sandbox')).toBe('演示环境：充值通过模拟收银台完成，不会真实扣款');
    await browser.$('.rc-recharge-presets [data-amount="100000"]').click();
    await browser.$('.rc-recharge-methods [data-method="sandbox"]').click();
    await browser.$('.rc-recharge-form button[type="submit"]').click();

    await page.waitForText('main', '沙箱收银台');
    expect(await page.textOf('.hint')).toContain('演示环境：充值通过模拟收银台完成，不会真实扣款');
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

  it('rents a day, asks for an invoice for that order, the operator issues it, and the user downloads its PDF', async () => {
    const token = await signInAs(page, browser, suite.server.url, { mobile, password });
    // Stopped, the first instance's metering no longer moves the invoiceable amount while the page shows it.
    const { list } = await call<{ list: Array<{ id: number }> }>(token, '/container/auth/list', { pageNum: 1, pageSize: 10 });
    for (const { id } of list) await untilAccepted(() => call(token, '/user/auth/user/instance/stop', { id }));
    await rentForADay(token);
    const { invoiceable, cashConsumed } = await call<{ invoiceable: number; cashConsumed: number }>(token, '/user/auth/invoice/amount', {});
    expect(invoiceable).toBeGreaterThan(0);
    expect(invoiceable).toBe(cashConsumed);

    await page.open('/account/invoice');
    const yuan = (invoiceable / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await page.waitForText('.rc-invoice-total', `¥${yuan}`);
    expect(await page.textOf('.rc-invoice-rule')).toContain('赠送金额（注册体验金等）不开票');
    expect(await page.textOf('.rc-invoices')).toContain('还没有开票申请。');

    await clickCentered('button=按订单开票');
    await page.waitForPath('/account/invoice/orderInvoice');
    const firstOrder = '.rc-invoice-orders tbody tr:first-child';
    await browser.$(firstOrder).waitForDisplayed({ timeout: 15_000 });
    const orderAmount = (await browser.$(`${firstOrder} td:nth-child(4)`).getText()).trim();
    await clickCentered(`${firstOrder} .ui.checkbox`);
    await page.waitForText('[data-testid="order-total"]', orderAmount);

    // No title yet: the form says so where the title goes, and adds one over itself without losing the chosen order.
    await page.waitForText('.rc-invoice-apply .rc-no-title', '还没有发票抬头');
    await clickCentered('button=提交开票申请');
    await page.waitForText('.rc-invoice-apply', '请先添加发票抬头');
    await clickCentered('.rc-invoice-apply .rc-add-title');
    await browser.$('input[name="name"]').waitForDisplayed({ timeout: 20_000 });
    await browser.$('input[name="name"]').setValue('李明');
    await browser.$('.rc-dialog-submit').click();
    await browser.waitUntil(async () => (await browser.$('.rc-invoice-apply [name="titleId"]').getText()).includes('李明（个人普票）'), {
      timeout: 20_000,
      timeoutMsg: 'the new title was not chosen',
    });
    expect(await page.textOf('[data-testid="order-total"]')).toBe(orderAmount);
    expect(await page.textOf('.rc-invoice-apply')).not.toContain('请先添加发票抬头');
    await clickCentered('button=提交开票申请');
    await page.waitForPath('/account/invoice');
    await page.waitForText('.rc-invoice-requests', '申请中');
    const requestNo = await browser.$('.rc-invoice-requests tbody tr').getAttribute('data-request-no');
    expect(await page.textOf('.rc-invoice-requests')).toContain(orderAmount);

    await signInAs(page, browser, suite.server.url, demoOperator);
    await page.open('/account/home');
    await browser.$('.rc-side-menu a.item[href="/account/review/invoice"]').click();
    await page.waitForPath('/account/review/invoice');
    const pending = `.rc-invoice-review tr[data-request-no="${requestNo}"]`;
    await browser.$(pending).waitForDisplayed({ timeout: 15_000 });
    expect(await browser.$(pending).getText()).toContain(mobile.slice(-4));
    await clickCentered('button=开具', pending);
    await confirmDialog(browser, '开具');
    await browser.waitUntil(async () => !(await browser.$(pending).isExisting()), { timeout: 15_000, timeoutMsg: 'still pending' });

    await signInAs(page, browser, suite.server.url, { mobile, password });
    await page.open('/account/invoice');
    const mine = `.rc-invoice-requests tr[data-request-no="${requestNo}"]`;
    await page.waitForText(mine, '已开具');
    const invoiceNo = (await browser.$(`${mine} td:nth-child(6)`).getText()).trim();
    expect(invoiceNo).toMatch(/^\d{20}$/);
    await clickCentered('button=下载PDF', mine);
    const file = path.join(downloads, `invoice-${invoiceNo}.pdf`);
    await browser.waitUntil(async () => existsSync(file) && !readdirSync(downloads).some((name) => name.endsWith('.crdownload')), {
      timeout: 20_000,
      timeoutMsg: `no ${file}`,
    });
    const { text, fonts } = await pdfText(readFileSync(file));
    expect(text).toContain(invoiceNo);
    expect(text).toContain('李明');
    expect(text).toContain(orderAmount);
    expect(fonts.some((name) => name.includes('NotoSansSC'))).toBe(true);
  }, 180_000);
});
