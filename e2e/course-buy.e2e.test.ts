import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, browserToken, demoTeacher, signInAs, signInThroughApi } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ server, browser, page } = suite));

const courseName = '大模型微调实战：LoRA 与 QLoRA';

async function balance(token: string): Promise<number> {
  const response = await fetch(`${server.url}/apis/user/auth/user/ext/get/realtime/balance`, { headers: { token } });
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

const yuan = (thousandths: number) =>
  `¥${(thousandths / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the open dialogs show: their content is slotted into `<rc-dialogs>` from the page. */
const dialogText = () =>
  browser.execute(() =>
    Array.from(document.querySelectorAll('rc-dialogs'))
      .map((host) => host.textContent ?? '')
      .join('\n'),
  );

describe('buying a course', () => {
  it('the demo user finds the paid course, buys it from the balance, and the lecturer’s held income shows the sale', async () => {
    const token = await browserToken(browser);
    const before = await balance(token);

    await page.open('/resource');
    await browser.$('.rc-course-search input').waitForDisplayed({ timeout: 15_000 });
    await browser.$('.rc-course-search input').setValue('大模型微调');
    await browser.$('.rc-course-search button[type="submit"]').click();
    await page.waitForText('.rc-course-grid', courseName);
    const cards = await browser.$$('.rc-course-card').getElements();
    const texts: string[] = [];
    for (const candidate of cards) texts.push(await candidate.getText());
    const card = cards[texts.findIndex((text) => text.includes(courseName))]!;
    expect(await card.getText()).toContain('¥99.00');
    const courseId = Number(await card.getAttribute('data-course-id'));
    await card.$('.rc-course-card-link').click();
    await page.waitForPath(`/resource/detail/${courseId}`);

    expect((await apiCall<{ enrolled: boolean }>(server.url, '/course/auth/course/view', { courseId }, token)).enrolled).toBe(false);
    await page.waitForText('.rc-course-join', '立即购买 ¥99.00');
    await browser.$('.rc-course-join').click();
    await browser.waitUntil(async () => (await dialogText()).includes('支付后余额'), { timeout: 20_000, timeoutMsg: 'no purchase dialog' });
    const shown = await dialogText();
    expect(shown).toContain(`课程价格${yuan(99_000)}`);
    expect(shown).toContain(`当前余额${yuan(before)}`);
    expect(shown).toContain(`支付后余额${yuan(before - 99_000)}`);
    await confirmDialog(browser, '确认支付 ¥99.00');

    await page.waitForText('.rc-course-actions', '继续学习');
    expect(await balance(token)).toBe(before - 99_000);
    await browser.$('.rc-course-continue').click();
    await browser.waitUntil(
      async () => (await browser.execute(() => location.pathname + location.search)).startsWith(`/preview/resource/${courseId}?periodId=`),
      {
        timeout: 20_000,
        timeoutMsg: '继续学习 should open the learning page at a period',
      },
    );

    await page.open('/account/course');
    await page.waitForText('.rc-my-courses', courseName);
    await browser.$('.rc-my-courses-page .menu a.item:nth-child(2)').click();
    await page.waitForText('.rc-my-courses-page table', courseName);

    await signInAs(page, browser, server.url, demoTeacher);
    await page.open('/account/earnings');
    await page.waitForText('.rc-income-lines', '课程销售');
    await page.waitForText('.rc-income-lines', '¥69.30');
    await signInThroughApi(browser, server.url);
  });
});
