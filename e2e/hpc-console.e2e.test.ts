import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalSuite } from './support/portal-suite';
import { setUpPortalSuite } from './support/portal-suite';
import { demoOperator, signInAs } from './support/demo-session';
import { fillRegisterForm } from './support/register-form';

/**
 * The HPC screens through a new user's eyes: the first-visit guide on 超算控制台, applying to open HPC, the operator
 * approving it on 超算开通审核, the account shown open, the partitions on 算力资源, and buying the smallest core-hour
 * package on 超算资源 after seeing the amount and the balance after it.
 */
let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({}, (opened) => ({ browser, page } = suite = opened));

const user = { mobile: `136${String(Date.now()).slice(-8)}`, password: 'Hpc@2026x' };
const maskedMobile = `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
const localCluster = '.rc-hpc-account[data-cluster="默认集群"]';

async function click(selector: string) {
  const element = browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

describe('the HPC console', () => {
  it('a new user sees the guide on 超算控制台 and applies to open HPC on the local cluster', async () => {
    await fillRegisterForm(suite, user.mobile, user.password);
    await browser.$('.rc-register .ui.checkbox').click();
    await browser.$('.rc-register button[type="submit"]').click();
    await browser.$('.rc-user-menu').waitForDisplayed({ timeout: 15_000 });

    await page.open('/account/home');
    await click('.rc-side-menu a.item[href="/account/superHome"]');
    await page.waitForText('.rc-hpc-guide', '申请开通');
    expect(await browser.$('.rc-hpc-guide li.is-current').getText()).toContain('申请开通');
    await page.waitForText(`${localCluster} .rc-hpc-account-status`, '未开通');
    await page.waitForText('.rc-super-home', '暂无排队或运行中的作业');

    await click(`${localCluster} .rc-hpc-apply`);
    await browser.$('.rc-hpc-apply-dialog textarea').waitForDisplayed({ timeout: 20_000 });
    await click('.rc-hpc-apply-dialog .rc-dialog-submit');
    await page.waitForText('.rc-hpc-apply-dialog', '请填写2-500字的用途说明');
    await browser.$('.rc-hpc-apply-dialog textarea').setValue('分子动力学模拟，每月约 2000 核时');
    await click('.rc-hpc-apply-dialog .rc-dialog-submit');
    await page.waitForText(`${localCluster} .rc-hpc-account-status`, '审核中');
    expect(await browser.$('.rc-hpc-guide li.is-current').getText()).toContain('等待审核');
  });

  it('the operator approves the application on 超算开通审核, and the user sees the account open', async () => {
    await signInAs(page, browser, suite.server.url, demoOperator);
    await page.open('/account/home');
    await click('.rc-side-menu a.item[href="/account/review/hpc"]');
    await page.waitForText('.rc-review-table', maskedMobile);
    const row = browser.$(`.rc-review-row[data-mobile="${maskedMobile}"]`);
    expect(await row.getText()).toContain('分子动力学模拟');
    await row.$('.rc-hpc-approve').click();
    await browser.waitUntil(
      async () =>
        !(
          await browser
            .$('.rc-review-table')
            .getText()
            .catch(() => '')
        ).includes(maskedMobile),
      {
        timeout: 15_000,
        timeoutMsg: 'the approved application stayed among the pending ones',
      },
    );

    await signInAs(page, browser, suite.server.url, user);
    await page.open('/account/superHome');
    await page.waitForText(`${localCluster} .rc-hpc-account-status`, '已开通');
    expect(await browser.$(`${localCluster} .rc-hpc-unix-name`).getText()).toMatch(/^hpc\d+$/);
    expect(await browser.$('.rc-hpc-guide li.is-current').getText()).toContain('上传数据');

    await click('.rc-guide-dismiss');
    await browser.$('.rc-hpc-guide').waitForExist({ reverse: true, timeout: 5_000 });
    await browser.refresh();
    await page.waitForText(`${localCluster} .rc-hpc-account-status`, '已开通');
    expect(await browser.$('.rc-hpc-guide').isExisting()).toBe(false);
  });

  it('算力资源 shows the partitions with free cores and prices, and the GPU pool', async () => {
    await page.open('/account/computPower');
    await page.waitForText('.rc-hpc-partition[data-partition="cpu"]', '核时');
    const cpu = browser.$('.rc-hpc-partition[data-partition="cpu"]');
    expect(await cpu.$('.rc-hpc-cpu-bar').getText()).toMatch(/空闲 \d+ \/ 256 核/);
    expect(await cpu.getText()).toContain('默认');
    expect(await browser.$('.rc-hpc-partition[data-partition="gpu"] .rc-hpc-gpu-bar').getText()).toMatch(/空闲 \d+ \/ 8 卡/);
    await page.waitForText('.rc-hpc-gpu-stock', '卡/小时');

    await browser.$('.rc-hpc-partition[data-partition="gpu"]').$('a=提交作业').click();
    await page.waitForPath('/account/workList');
    await page.waitForText('.rc-job-submit-panel .rc-job-partition', 'GPU 计算');
  });

  it('超算资源 buys the smallest package after showing the amount and the balance after; the balance drops and the package is listed', async () => {
    await page.open('/account/recharge');
    await click('.rc-recharge-presets [data-amount="100000"]');
    await click('.rc-recharge-methods [data-method="sandbox"]');
    await click('.rc-recharge-form button[type="submit"]');
    await page.waitForText('main', '沙箱收银台');
    await click('button.pay');
    await page.waitForText('.rc-recharge-result', '充值成功');
    await page.waitForText('.rc-balance .rc-money', '¥105.00');

    await click('.rc-side-menu a.item[href="/account/superPower"]');
    await browser.$('.rc-hpc-product').waitForDisplayed({ timeout: 15_000 });
    await page.waitForText('.rc-super-power', '还没有资源包');
    const products = await browser.$$('.rc-hpc-product').map(async (card) => ({
      name: (await card.getAttribute('data-product')) ?? '',
      price: Number(await card.getAttribute('data-price')),
    }));
    const smallest = products.reduce((least, product) => (product.price < least.price ? product : least));
    await click(`.rc-hpc-product[data-product="${smallest.name}"] .rc-hpc-buy`);

    const quote = browser.$('.rc-hpc-buy-dialog .rc-quote[data-amount]');
    await quote.waitForDisplayed({ timeout: 15_000 });
    expect(Number(await quote.getAttribute('data-amount'))).toBe(smallest.price);
    const balanceAfter = Number(await quote.getAttribute('data-balance-after'));
    expect(balanceAfter).toBe(105_000 - smallest.price);
    const shownAfter = await browser.$('.rc-hpc-buy-dialog .rc-quote-balance-after').getText();
    expect(await browser.$('.rc-hpc-buy-dialog .rc-quote-amount').getText()).toBe(`¥${(smallest.price / 1000).toFixed(2)}`);
    await click('.rc-hpc-buy-dialog .rc-hpc-buy-confirm');

    await page.waitForText('.rc-hpc-my-packages', smallest.name);
    await page.waitForText('.rc-balance .rc-money', shownAfter);
    expect(await browser.$(`.rc-hpc-my-packages tr[data-package="${smallest.name}"]`).getText()).toContain('可用');
  });
});
