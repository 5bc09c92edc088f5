import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { apiCall, browserToken, demoTeacher, demoUser, logInThroughApi } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
// Metering settles every 3 s rather than 30 s, so the first charge comes soon after the instance runs.
setUpPortalSuite(
  { signedIn: true, env: { METERING_INTERVAL_MS: '3000', SIMULATED_SPEED: '4' } },
  (suite) => ({ server, browser, page } = suite),
);

const yuan = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const headerBalance = async () => yuan(await browser.$('.rc-balance .rc-money').getText());
const unreadCount = async () => Number(await browser.$('.rc-unread-count').getText());

/** Set on the page's window: still there later means the page was never reloaded. */
const markPage = () => browser.execute(() => void ((window as unknown as { rcPushMark: boolean }).rcPushMark = true));
const pageKept = () => browser.execute(() => (window as unknown as { rcPushMark?: boolean }).rcPushMark === true);

describe('server push', () => {
  it("the header's balance drops while an instance runs, without reloading the page", async () => {
    await page.open('/account/suanli/create');
    await browser.$('.rc-region-tabs [data-region="hd-2"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-region-tabs [data-region="hd-2"]').click();
    await browser.$('.rc-gpu-model[data-model="H800"]').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-gpu-model[data-model="H800"]').click();
    await browser.$('.rc-gpu-counts [data-count="8"]').click();
    await page.waitForText('.rc-rent-summary', '¥79.84/小时');
    await browser.$('.rc-pay-button').click();
    await page.waitForPath('/account/instanceManage');
    await markPage();
    const rented = await headerBalance();

    // The list follows the instance to 运行中 from the pushes; metering then charges it.
    await browser.waitUntil(async () => (await browser.$('.rc-instance-table tbody tr').getAttribute('data-status')) === '2', {
      timeout: 30_000,
      timeoutMsg: 'the instance did not reach 运行中',
    });
    await browser.waitUntil(async () => (await headerBalance()) < rented, {
      timeout: 90_000,
      timeoutMsg: `the header balance stayed at ${rented}`,
    });
    expect(await pageKept()).toBe(true);
  }, 180_000);

  it('the unread badge changes when a message arrives', async () => {
    await page.open('/');
    await markPage();
    await browser.$('.rc-unread-count').waitForExist({ timeout: 20_000 });
    const before = await unreadCount();

    // The teacher asks, the demo user answers, the teacher accepts: the demo user is told in a message.
    const teacher = await logInThroughApi(server.url, demoTeacher);
    const question = await apiCall<{ id: number }>(
      server.url,
      '/community/auth/questions/save',
      { title: '服务器推送的测试问题', contentMd: '未读消息数会自己变吗？' },
      teacher.token,
    );
    const answer = await apiCall<{ id: number }>(
      server.url,
      '/community/auth/questions/comment/save',
      { questionId: question.id, contentMd: '会的，服务器推送过来。' },
      await browserToken(browser),
    );
    await apiCall(server.url, '/community/auth/questions/accept', { questionId: question.id, answerId: answer.id }, teacher.token);

    await browser.waitUntil(async () => (await unreadCount()) === before + 1, {
      timeout: 20_000,
      timeoutMsg: `the unread count stayed at ${before}`,
    });
    expect(await pageKept()).toBe(true);
  });

  it('a tab signed out because the account signed in elsewhere says so on the login page, also after a reload, until the next login', async () => {
    await page.open('/account/home');
    await browser.$('.rc-unread-count').waitForExist({ timeout: 20_000 });
    // A sign-in in another browser: this tab hears of it from its stream, and its session ends with code 304.
    await logInThroughApi(server.url, demoUser);
    await page.waitForPath('/login');
    await page.waitForText('.rc-signed-out-reason', '你的账户已在其他地方登录！');
    await browser.refresh();
    await page.waitForText('.rc-auth', '欢迎登录');
    expect(await page.textOf('.rc-signed-out-reason')).toBe('你的账户已在其他地方登录！');

    await browser.$('.rc-login-password input[name="mobile"]').setValue(demoUser.mobile);
    await browser.$('.rc-login-password input[name="password"]').setValue(demoUser.password);
    await browser.$('.rc-login-password button[type="submit"]').click();
    await browser.waitUntil(async () => (await page.pathname()) !== '/login', { timeout: 20_000, timeoutMsg: 'the login did not finish' });
    await browser.$('.rc-user-menu').waitForClickable({ timeout: 15_000 });
    await browser.$('.rc-user-menu').click();
    await browser.$('.rc-logout').click();
    await page.waitForPath('/login');
    await page.waitForText('.rc-auth', '欢迎登录');
    expect(await browser.$('.rc-signed-out-reason').isExisting()).toBe(false);
  });
});
