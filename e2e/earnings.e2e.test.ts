import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { demoOperator, demoUser, signInAs, signInThroughApi } from './support/demo-session';
import { fillRegisterForm } from './support/register-form';
import { latestSmsCode } from './support/sms-outbox';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (suite) => ({ server, browser, page } = suite));

let referralLink = '';

describe('income, referral and withdrawal', () => {
  it('the demo user sees held and withdrawable income, their referral code and link on /account/earnings', async () => {
    await signInThroughApi(browser, server.url);
    await page.open('/account/earnings');
    await page.waitForText('.rc-income-figures', '¥100.00');
    expect(await page.textOf('.rc-income-held')).toBe('¥30.00');
    expect(await page.textOf('.rc-income-withdrawable')).toBe('¥100.00');
    referralLink = await browser.$('.rc-referral-link input').getValue();
    expect(referralLink).toMatch(/\/register\?referralCode=[A-Z2-9]{8}$/);
    await page.waitForText('.rc-referred-table', '138****0003');
    await page.waitForText('.rc-income-lines', '推荐返佣');
  });

  it('a link with an unknown code lands on /noRecommend, which still offers registration', async () => {
    await page.reset();
    await page.open('/register?referralCode=NOSUCH22');
    await page.waitForPath('/noRecommend');
    await page.waitForText('.rc-no-recommend', '推荐码「NOSUCH22」不存在或推荐活动已停用');
    await browser.$('.rc-register-without-code').click();
    await page.waitForPath('/register');
  });

  it('a visitor who follows the link registers as the demo user’s referral', async () => {
    await page.reset();
    const mobile = '13955551234';
    await browser.url(referralLink);
    await page.waitForText('.rc-register', '推荐人：算力体验官');
    await fillRegisterForm({ server, browser, page }, mobile, 'Reg@2026x');
    await page.waitForText('.rc-register', '推荐人：算力体验官');
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });

    await page.reset();
    await signInThroughApi(browser, server.url);
    await page.open('/account/earnings');
    await page.waitForText('.rc-referred-table', '139****1234');
  });

  it('the demo user adds a payee account on 卡信息 with a code sent to their mobile; it is listed masked', async () => {
    await page.open('/account/draw_money');
    await page.waitForText('.rc-payee-accounts', '还没有收款账户');
    await browser.$('.rc-add-payee').click();
    await browser.$('.rc-payee-form input[name="account"]').waitForDisplayed({ timeout: 20_000 });
    await browser.$('.rc-payee-form input[name="account"]').setValue('liming@example.com');
    await browser.$('.rc-payee-form .rc-dialog-submit').click();
    await page.waitForText('.rc-payee-form', '请输入6位验证码');
    await browser.$('.rc-payee-form .rc-send-code').click();
    await page.waitForText('.rc-payee-form .rc-send-code', '秒后重新获取');
    await browser.$('.rc-payee-form input[name="code"]').setValue(await latestSmsCode(server.dataDir, demoUser.mobile, 'payee'));
    await browser.$('.rc-payee-form .rc-dialog-submit').click();
    await page.waitForText('.rc-payee-table', 'li***@example.com');
    expect(await page.textOf('.rc-payee-table')).toContain('李明');
    expect(await page.textOf('.rc-draw-money')).not.toContain('liming@example.com');
  });

  it('the demo user withdraws to it with the fee shown and a withdraw code, and the operator approves and pays it', async () => {
    await browser.$('.rc-withdraw-form input[name="amount"]').setValue('50');
    await page.waitForText('.rc-withdraw-arrival', '¥49.00');
    expect(await page.textOf('.rc-withdraw-fee')).toBe('¥1.00');
    expect(await page.textOf('.rc-withdraw-form .rc-payee-choice')).toBe('支付宝 li***@example.com');
    await browser.$('.rc-withdraw-form .rc-send-code').click();
    await page.waitForText('.rc-withdraw-form .rc-send-code', '秒后重新获取');
    await browser.$('.rc-withdraw-form input[name="code"]').setValue(await latestSmsCode(server.dataDir, demoUser.mobile, 'withdraw'));
    await browser.$('.rc-withdraw-form button[type="submit"]').click();
    await page.waitForText('.rc-withdrawal-table', '申请中');
    await page.waitForText('.rc-withdrawable', '¥50.00');
    expect(await page.textOf('.rc-withdrawal-table')).toContain('li***@example.com');

    await signInAs(page, browser, server.url, demoOperator);
    await page.open('/account/review/withdrawal');
    await page.waitForText('.rc-review-table', 'liming@example.com');
    await browser.$('.rc-review-row').$('button=通过并打款').click();
    await page.waitForText('.rc-toasts', '已打款');

    await page.reset();
    await signInThroughApi(browser, server.url);
    await page.open('/account/draw_money');
    await page.waitForText('.rc-withdrawal-table', '已到账');
  });
});
