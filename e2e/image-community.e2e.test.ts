import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { apiCall, demoTeacher, signInAs } from './support/demo-session';
import { setUpPortalSuite } from './support/portal-suite';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
setUpPortalSuite({ signedIn: true, env: { SIMULATED_SPEED: '4' } }, (suite) => ({ browser, page, server } = suite));

async function click(selector: string) {
  const element = browser.$(selector);
  await element.waitForClickable({ timeout: 15_000 });
  await element.scrollIntoView({ block: 'center' });
  await element.click();
}

describe('the image community', () => {
  it('says what is missing with a way back, not 加载失败 … 重试, and warns that the image quota is nearly full before saving is refused', async () => {
    await page.open('/account/imageCommunity/detail');
    await page.waitForText('.rc-missing[data-kind="bad-link"] h3', '链接不完整或有误');
    expect(await page.textOf('.rc-missing')).toContain('链接里缺少社区镜像编号');
    expect(await browser.$('.rc-retry').isExisting()).toBe(false);
    await click('.rc-missing-back');
    await page.waitForPath('/account/imageCommunity');

    await page.open('/account/imageCommunity/detail?id=99999');
    await page.waitForText('.rc-missing[data-kind="not-found"] h3', '没有找到这项内容');
    expect(await page.textOf('.rc-missing')).toContain('社区镜像不存在或已下架');

    // The demo user's three private images take 27 GB of the 30 GB repository: saving still works, with a warning.
    await page.open('/account/mirrorImage');
    await page.waitForText('.rc-image-repository .rc-quota-near', '私有镜像已用 90%，接近配额');
    expect(await page.textOf('.rc-image-repository .rc-quota-figures')).toContain('已用 27.00 GB / 30.00 GB');
    expect(await page.textOf('.rc-image-repository .rc-quota-near')).toContain('用满后将无法保存新镜像');
  });

  it('the demo user publishes a private image; the teacher finds it, is refused an old driver with the reason and rents it on a fitting GPU', async () => {
    await page.open('/account/imageCommunity/add');
    await click('.rc-pick-image tr[data-image="llama-factory-finetune"]');
    const title = browser.$('.rc-publish-title input');
    await title.clearValue();
    await title.setValue('LLaMA-Factory 微调环境');
    await click('.rc-next-step');
    await page.waitForPath('/account/imageCommunity/addAppDcp');
    const description = browser.$('.rc-description-input textarea');
    await description.waitForDisplayed({ timeout: 15_000 });
    await description.clearValue();
    await description.setValue('## 微调\n\n运行 **llamafactory-cli webui**');
    await page.waitForText('.rc-description-preview strong', 'llamafactory-cli webui');
    await click('.rc-next-step');
    await page.waitForPath('/account/imageCommunity/add');
    await page.waitForText('.rc-publish-cuda', 'CUDA 12.4');
    await browser.$('.rc-publish-ports').setValue('7860');
    await click('.rc-publish-button');
    await page.waitForPath('/account/imageCommunity');
    await page.waitForText('.rc-my-image-table', 'LLaMA-Factory 微调环境');
    expect(await browser.$('.rc-my-image-table tbody tr').$('.rc-image-status').getText()).toBe('已发布');

    await signInAs(page, browser, server.url, demoTeacher);
    await page.open('/account/recharge');
    await click('.rc-recharge-presets [data-amount="100000"]');
    await click('.rc-recharge-methods [data-method="sandbox"]');
    await click('.rc-recharge-form button[type="submit"]');
    await page.waitForText('main', '沙箱收银台');
    await click('button.pay');
    await page.waitForText('.rc-recharge-result', '充值成功');

    await page.open('/imageCommunity');
    const search = browser.$('.rc-image-search input');
    await search.waitForDisplayed({ timeout: 15_000 });
    await search.setValue('LLaMA');
    await click('.rc-image-search-button');
    await page.waitForText('.rc-image-cards', 'LLaMA-Factory 微调环境');
    expect(await browser.$$('.rc-image-card').length).toBe(1);
    expect(await browser.$('.rc-image-card .rc-image-cuda').getText()).toBe('CUDA ≥ 12.4');
    await click('.rc-image-card');
    await page.waitForText('.rc-image-detail .rc-image-title', 'LLaMA-Factory 微调环境');
    await page.waitForText('.rc-image-facts', '7860');
    await click('.rc-star-button');
    await page.waitForText('.rc-star-button', '已收藏 1');
    expect(await browser.$('.rc-image-detail .rc-report-button').isDisplayed()).toBe(true);
    await click('.rc-use-image');
    await page.waitForPath('/account/suanli/create');
    await page.waitForText('.rc-community-image-title', 'LLaMA-Factory 微调环境');

    await click('.rc-region-tabs [data-region="bj-a"]');
    await click('.rc-gpu-model[data-model="RTX 3090"]');
    await page.waitForText('.rc-image-misfit', '该镜像需要 CUDA 12.4，所选 RTX 3090 节点的驱动最高支持 CUDA 12.2');
    expect(await browser.$('.rc-pay-button').isEnabled()).toBe(false);

    await click('.rc-gpu-model[data-model="RTX 4090"]');
    await browser.$('.rc-image-fits').waitForDisplayed({ timeout: 15_000 });
    await page.waitForText('.rc-rent-summary', '¥1.98/小时');
    await click('.rc-pay-button');
    await page.waitForPath('/account/instanceManage');
    await page.waitForText('.rc-instance-table tbody tr', 'llama-factory-finetune');
    expect(await browser.$('.rc-instance-table tbody tr .rc-instance-gpu').getText()).toBe('RTX 4090 × 1');
  });

  it('shows another user’s image on 我的社区镜像 as not theirs, with the way to its public page', async () => {
    await signInAs(page, browser, server.url, demoTeacher);
    const { list } = await apiCall<{ list: Array<{ id: number }> }>(server.url, '/community/api/image/list', {
      keyword: 'LLaMA-Factory 微调环境',
    });
    await page.open(`/account/imageCommunity/detail?id=${list[0]!.id}`);
    await page.waitForText('.rc-missing[data-kind="not-yours"] h3', '这项内容不属于你，无权查看');
    await click('.rc-missing-back');
    await page.waitForPath(`/imageCommunity/detail/${list[0]!.id}`);
    await page.waitForText('.rc-image-detail .rc-image-title', 'LLaMA-Factory 微调环境');
  });
});
