import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, type Browser } from './support/chromium';
import { signInThroughApi } from './support/demo-session';
import { recordedFormPosts, recordFormPosts } from './support/form-posts';
import { ServerProcess } from '../api-server/src/test-support/server-process';

let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: ServerProcess;
const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-bills-'));

beforeAll(async () => {
  server = await ServerProcess.start();
  ({ browser, close: closeBrowser } = await openChromium({ downloadDir: downloads }));
  await browser.url(`${server.url}/null`);
  await signInThroughApi(browser, server.url);
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

/** '¥1,250.00' → '1250.00', as the export writes amounts. */
const plain = (screen: string) => screen.replace(/[¥,]/g, '');

async function textOf(selector: string): Promise<string> {
  const element = browser.$(selector);
  await element.waitForDisplayed({ timeout: 20_000 });
  return element.getText();
}

describe('the demo user’s bills', () => {
  it('exports the bill lines as CSV whose totals row equals the totals on screen', async () => {
    await browser.url(`${server.url}/account/definAndDetail`);
    await browser.$('.rc-bill-row').waitForDisplayed({ timeout: 20_000 });
    const screenAmount = await textOf('.rc-bill-totals-amount');
    const screenLines = await textOf('.rc-bill-totals-lines');
    expect(Number(screenLines)).toBeGreaterThan(10);
    expect(await textOf('.rc-bill-rule')).toContain('不足1厘');
    expect(await textOf('.rc-running-panel')).toContain('余额');
    await browser.$('.rc-spend-chart canvas').waitForDisplayed({ timeout: 20_000 });

    await recordFormPosts(browser);
    await browser.$('.rc-export-csv').click();
    const csvFile = () => readdirSync(downloads).find((name) => name.endsWith('.csv'));
    await browser.waitUntil(() => Boolean(csvFile()), { timeout: 20_000, timeoutMsg: 'the CSV was not downloaded' });
    // The session token travels as a hidden field of the form, never in its action URL, which access logs keep.
    const [post] = await recordedFormPosts(browser);
    expect(post!.action).toBe(`${server.url}/apis/user/auth/bill/export`);
    expect(post!.fields.token).toMatch(/^[\w-]{43}$/);
    const file = path.join(downloads, csvFile()!);
    expect(existsSync(file)).toBe(true);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    const amountColumn = rows[0]!.indexOf('金额(元)');
    const totals = rows.find((row) => row[0] === '合计')!;
    expect(totals[amountColumn]).toBe(plain(screenAmount));
    expect(totals[3]).toBe(`${screenLines} 条`);
    const lines = rows.slice(1, rows.indexOf(totals));
    expect(lines).toHaveLength(Number(screenLines));
    const cents = lines.reduce((sum, row) => sum + Math.round(Number(row[amountColumn]) * 100), 0);
    expect(Math.abs(cents - Math.round(Number(plain(screenAmount)) * 100))).toBeLessThanOrEqual(lines.length);
  });

  it('filters the lines, and the totals follow the filter', async () => {
    const all = await textOf('.rc-bill-totals-lines');
    await browser.$('.rc-filter-kind').click();
    await browser.$('.rc-filter-kind').$('span=续费').click();
    await browser.waitUntil(async () => (await textOf('.rc-bill-totals-lines')) === '1', {
      timeout: 20_000,
      timeoutMsg: 'the filter did not apply',
    });
    expect(await textOf('.rc-bill-totals-amount')).toBe('¥445.00');
    expect(Number(all)).toBeGreaterThan(1);
  });

  it('opens an order from the order list and shows its quote and bill lines', async () => {
    await browser.url(`${server.url}/account/order`);
    await browser.$('.rc-order-row').waitForDisplayed({ timeout: 20_000 });
    const orderNo = await browser.$('.rc-order-row td').getText();
    await browser.$('.rc-order-open').click();
    await browser.waitUntil(async () => (await browser.execute(() => window.location.pathname)).startsWith('/account/orderDetail/'), {
      timeout: 20_000,
      timeoutMsg: 'the order detail did not open',
    });
    expect(await textOf('.rc-order-summary')).toContain(orderNo);
    expect(await textOf('.rc-order-amount')).toBe('¥128.00');
    expect(await textOf('.rc-order-quote')).toContain('A800');
    expect(await textOf('.rc-bill-row')).toContain('¥128.00');
  });

  it('lists the recharges 我的订单 lists on 充值记录, under the same order numbers', async () => {
    await browser.url(`${server.url}/account/order`);
    await browser.$('.rc-order-row').waitForDisplayed({ timeout: 20_000 });
    const orderRows = await browser.$$('.rc-order-row').map((row) => row.getText());
    const ordered = orderRows.filter((row) => row.includes('充值')).map((row) => row.split(/\s+/)[0]);
    expect(ordered).toHaveLength(2);

    await browser.url(`${server.url}/account/recharge`);
    await browser.$('.rc-recharge-list tbody tr td').waitForDisplayed({ timeout: 20_000 });
    expect(await browser.$('.rc-recharge-list').getText()).not.toContain('还没有充值记录');
    const listed = await browser.$$('.rc-recharge-list tbody tr').map((row) => row.getText());
    expect(listed).toHaveLength(2);
    expect(listed.map((row) => row.split(/\s+/)[0])).toEqual(ordered);
    expect(listed.every((row) => row.includes('已支付') && row.includes('模拟支付'))).toBe(true);
  });

  it('shows each bill line’s order number and says what a movement below one cent reads as', async () => {
    await browser.url(`${server.url}/account/definAndDetail`);
    await browser.$('.rc-bill-row').waitForDisplayed({ timeout: 20_000 });
    const orderNumbers = await browser
      .$$('.rc-bill-row')
      .map(async (row) => [await row.getText(), await row.$('.rc-bill-order').getText()]);
    expect(orderNumbers.find(([text]) => text!.includes('包周期'))![1]).toMatch(/^\d{14}[0-9a-f]{10}$/);
    expect(orderNumbers.find(([text]) => text!.includes('按量计费'))![1]).toBe('—');
    await browser.url(`${server.url}/account/billDetails`);
    expect(await textOf('.rc-ledger-rule')).toContain('不足 1 分的收支显示为「<¥0.01」');
  });

  it('shows the ledger, the monthly statements, the empty storage bills and the resources', async () => {
    await browser.url(`${server.url}/account/billDetails`);
    await browser.$('.rc-ledger-row').waitForDisplayed({ timeout: 20_000 });
    expect(await textOf('.rc-ledger-expense')).toBe('¥1,250.00');

    await browser.url(`${server.url}/account/cpuBillManage`);
    await browser.$('.rc-statement-row a').waitForClickable({ timeout: 20_000 });
    const month = await browser.$('.rc-statement-row td').getText();
    await browser.$('.rc-statement-row a').click();
    expect(await textOf('.rc-statement-detail .rc-page-purpose')).toContain(month);
    expect(await textOf('.rc-statement-total')).toMatch(/^¥[\d,]+\.\d\d$/);

    await browser.url(`${server.url}/account/storeBillManage`);
    expect(await textOf('.rc-statements .rc-empty')).toContain('暂无存储账单');

    await browser.url(`${server.url}/account/assetsManage`);
    await browser.$('.rc-resource-gpu .rc-resource-row').waitForDisplayed({ timeout: 20_000 });
    expect(await browser.$$('.rc-resource-gpu .rc-resource-row').length).toBe(4);
  });

  it('opens, from a bill line, the instance’s 状态记录 at the line’s time with the line marked', async () => {
    await browser.url(`${server.url}/account/definAndDetail`);
    await browser.$('.rc-bill-row .rc-bill-record').waitForClickable({ timeout: 20_000 });
    const link = browser.$('.rc-bill-row .rc-bill-record');
    const time = await link.parentElement().parentElement().$('td').getText();
    await link.click();
    await browser.waitUntil(async () => (await browser.execute(() => window.location.search)).includes('bill='), {
      timeout: 20_000,
      timeoutMsg: 'the 状态记录 did not open',
    });
    expect(await browser.execute(() => window.location.pathname)).toBe('/account/instanceManage/statusChanage');
    expect(await textOf('.rc-record-from-bill')).toContain('账单明细中的这笔扣费已标出');
    const marked = await textOf('.rc-record-focus');
    expect(marked).toContain(time);
    expect(await browser.$('.rc-record-focus').getAttribute('data-type')).toBe('charge');
    // Nothing after the line is listed: every row is at or before its time.
    const times = await browser.$$('.rc-instance-records tbody tr').map((line) => line.$('td').getText());
    expect(times.every((at) => at <= time)).toBe(true);

    await browser.$('.rc-record-from-bill a').click();
    await browser.waitUntil(async () => !(await browser.$('.rc-record-focus').isExisting()), { timeout: 20_000 });
    expect(await browser.execute(() => window.location.search)).not.toContain('bill=');
  });
});
