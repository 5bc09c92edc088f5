import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import { setUpPortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';

let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ browser, page } = suite));

const row = () => browser.$('.rc-instance-table tbody tr');

const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function headerBalance(): Promise<number> {
  return yuan(await browser.$('.rc-balance .rc-money').getText());
}

/** The quote the form shows before its confirm button: the amount and the balance after, as yuan. */
async function shownQuote(form: string, amount: string) {
  await page.waitForText(`${form} .rc-quote-amount`, amount);
  return { balanceAfter: yuan(await browser.$(`${form} .rc-quote-balance-after`).getText()) };
}

async function waitForHeaderBalance(expected: number) {
  await browser.waitUntil(async () => (await headerBalance()) === expected, {
    timeout: 20_000,
    timeoutMsg: `header balance did not become the quoted ${expected}`,
  });
}

/** Whether all the element's text lies inside its own box and its table cell: nothing cut off or hidden. */
function shownWhole(selector: string) {
  return browser.execute((css) => {
    const element = document.querySelector(css)!;
    const range = document.createRange();
    range.selectNodeContents(element);
    const [text, box, cell] = [range, element, element.closest('td')!].map((each) => each.getBoundingClientRect());
    return text!.left >= box!.left - 0.5 && text!.right <= box!.right + 0.5 && box!.left >= cell!.left && box!.right <= cell!.right;
  }, selector);
}

async function waitForStatus(status: number, timeout = 30_000) {
  await browser.waitUntil(async () => (await row().getAttribute('data-status')) === String(status), {
    timeout,
    timeoutMsg: `instance did not reach status ${status}`,
  });
}

/** Clicks with the element in the middle of the window (the sticky header covers the top). */
async function click(selector: string) {
  const element = row().$(selector);
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

async function chooseMore(operation: string) {
  await click('.rc-more-operations');
  const item = row().$(`.rc-more-operations .item[data-operation="${operation}"]`);
  await item.waitForClickable({ timeout: 5_000 });
  await item.click();
}

describe('renting a GPU instance and its lifecycle', () => {
  it('rents, reaches running, copies SSH, stops, changes config, starts without GPU and releases, the header following every change', async () => {
    await page.open('/account/suanli/create');
    await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
    await browser.$('.rc-gpu-model[data-model="H800"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-gpu-model[data-model="H800"]').click();
    expect(await browser.$('.rc-gpu-model[data-model="H800"] .rc-free-gpus').getText()).toBe('空闲 16/16 卡');
    await browser.$('.rc-gpu-counts [data-count="8"]').click();
    await page.waitForText('.rc-rent-summary', '¥79.84/小时');
    const before = await headerBalance();
    expect(before).toBe(500);
    expect(await shownQuote('.rc-rent-summary', '¥0.00')).toEqual({ balanceAfter: 500 });
    expect(await browser.$('.rc-rent-summary .rc-quote-unit-price').getText()).toBe('¥79.84/小时');

    await browser.$('.rc-pay-button').click();
    await page.waitForPath('/account/instanceManage');
    await page.waitForText('.rc-instance-count', '1');
    expect(await row().$('.rc-instance-status').getText()).toBe('创建中');
    expect(await row().$('[data-operation="stop"]').isEnabled()).toBe(false);
    expect(await row().$('.rc-refused').getAttribute('data-reason')).toContain('正在创建中');
    await waitForStatus(2);
    expect(await row().$('.rc-instance-gpu').getText()).toBe('H800 × 8');

    expect(await row().$('.rc-ssh-command').getText()).toMatch(/^ssh -p \d+ root@connect\.hd-2\.suanli\.example$/);
    const wide = await browser.getWindowSize();
    await browser.setWindowSize(1280, wide.height);
    expect(await shownWhole('.rc-instance-table .rc-ssh-command')).toBe(true);
    await browser.setWindowSize(wide.width, wide.height);
    await click('.rc-copy-ssh');
    await page.waitForText('.rc-toasts', '登录指令已复制');
    expect(await row().$('.rc-jupyter-unavailable').getAttribute('data-reason')).toContain('模拟资源池中的实例没有真实容器');

    await browser.pause(4_000);
    await click('[data-operation="stop"]');
    await confirmDialog(browser, '关机');
    await waitForStatus(4);
    await browser.waitUntil(async () => (await headerBalance()) < before, {
      timeout: 20_000,
      timeoutMsg: 'header balance did not fall after the charge',
    });
    const afterRun = await headerBalance();

    await chooseMore('liftConfig');
    await browser.$('.rc-lift-config-form .rc-gpu-count').click();
    await browser.$('.rc-lift-config-form .rc-gpu-count .item[data-count="4"]').click();
    await page.waitForText('.rc-lift-config-form .rc-quote-unit-price', '¥39.92/小时');
    await shownQuote('.rc-lift-config-form', '¥0.00');
    await browser.$('.rc-lift-config-form .rc-dialog-submit').click();
    await page.waitForText('.rc-instance-table .rc-instance-gpu', 'H800 × 4');

    await chooseMore('nonGpuStart');
    await confirmDialog(browser, '开机');
    await waitForStatus(2);
    expect(await row().getText()).toContain('无卡模式');
    await click('[data-operation="stop"]');
    await confirmDialog(browser, '关机');
    await waitForStatus(4);

    await click('[data-operation="release"]');
    await confirmDialog(browser, '确认释放');
    await browser.waitUntil(async () => !(await row().isExisting()), { timeout: 20_000, timeoutMsg: 'released instance still listed' });
    await page.waitForText('.rc-instance-count', '0');
    expect(await headerBalance()).toBeLessThanOrEqual(afterRun);
  }, 150_000);

  it('rents a daily package, renews it and turns it back into pay-as-you-go, each for exactly the amount quoted before confirming', async () => {
    await page.open('/account/suanli/create');
    await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
    await browser.$('.rc-gpu-model[data-model="RTX 4090"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-gpu-model[data-model="RTX 4090"]').click();
    // The billing choices are drawn once the model's prices have come.
    await browser.$('[data-billing="2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('[data-billing="2"]').click();
    const rentQuote = await shownQuote('.rc-rent-summary', '¥42.00');
    expect(rentQuote.balanceAfter).toBe(Math.round(((await headerBalance()) - 42) * 100) / 100);
    await browser.$('.rc-pay-button').click();
    await page.waitForPath('/account/instanceManage');
    await waitForHeaderBalance(rentQuote.balanceAfter);
    await waitForStatus(2);

    await chooseMore('renew');
    const renewQuote = await shownQuote('.rc-renew-form', '¥42.00');
    expect(renewQuote.balanceAfter).toBe(Math.round((rentQuote.balanceAfter - 42) * 100) / 100);
    await browser.$('.rc-renew-form .rc-dialog-submit').click();
    await waitForHeaderBalance(renewQuote.balanceAfter);

    await click('[data-operation="stop"]');
    await confirmDialog(browser, '关机');
    await waitForStatus(4);
    await chooseMore('changeBilling');
    await page.waitForText('.rc-change-billing-form .rc-quote', '退款');
    const refund = yuan(await browser.$('.rc-change-billing-form .rc-quote-amount').getText());
    expect(refund).toBeGreaterThan(83);
    const backQuote = { balanceAfter: yuan(await browser.$('.rc-change-billing-form .rc-quote-balance-after').getText()) };
    expect(backQuote.balanceAfter).toBe(Math.round((renewQuote.balanceAfter + refund) * 100) / 100);
    await browser.$('.rc-change-billing-form .rc-dialog-submit').click();
    await waitForHeaderBalance(backQuote.balanceAfter);

    const id = await row().getAttribute('data-instance-id');
    await page.open(`/account/instanceManage/statusChanage?id=${id}`);
    await page.waitForText('.rc-instance-records', '转换计费');
    const records = await browser.$('.rc-instance-records').getText();
    for (const line of ['创建', '续费', '关机', '退款', '包周期']) expect(records).toContain(line);

    await page.open('/account/instanceManage');
    await waitForStatus(4);
    await click('[data-operation="release"]');
    await confirmDialog(browser, '确认释放');
    await browser.waitUntil(async () => !(await row().isExisting()), { timeout: 20_000, timeoutMsg: 'released instance still listed' });
  }, 150_000);
});
