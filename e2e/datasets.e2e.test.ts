import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiSend, browserToken } from './support/demo-session';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
setUpPortalSuite({ signedIn: true }, (suite) => ({ browser, page, server } = suite));

const call = async <T>(route: string, body?: unknown) => apiSend<T>(server.url, route, await browserToken(browser), body);

const datasetRow = (name: string) => browser.$(`.rc-common-data tr[data-dataset="${name}"]`);

describe('public datasets', () => {
  it('finds a dataset, copies it to the network disk as a task, and sees the task complete on 我的下载, after a reload too', async () => {
    const [region] = await call<{ regionCode: string; regionName: string }[]>('/node/auth/region/list-enable');
    await call('/net-disk/auth/activation', { regionCode: region!.regionCode, sizeGb: 1 });

    await page.open('/account/commonData');
    await datasetRow('zh-short-corpus').waitForDisplayed({ timeout: 20_000 });
    expect(await browser.$$('.rc-common-data tbody tr').length).toBe(3);
    await browser.$('.rc-common-data input').setValue('形状');
    await browser.waitUntil(async () => (await browser.$$('.rc-common-data tbody tr').length) === 1, { timeout: 20_000 });
    expect(await datasetRow('shapes-32px').isDisplayed()).toBe(true);
    await browser.$('.rc-common-data input').clearValue();
    await browser.$('.rc-common-data input').setValue('语料');
    await datasetRow('zh-short-corpus').waitForDisplayed({ timeout: 20_000 });

    await datasetRow('zh-short-corpus').$('.rc-copy-dataset').click();
    const picker = browser.$('rc-dialogs form .rc-region-picker');
    await picker.waitForClickable({ timeout: 20_000 });
    await picker.click();
    await picker.$(`.item=${region!.regionName}`).click();
    await browser.$('rc-dialogs form .rc-dialog-submit').click();

    await page.waitForPath('/account/download');
    const task = browser.$('.rc-task-table tbody tr');
    await browser.waitUntil(async () => (await task.getAttribute('data-status')) === 'done', {
      timeout: 20_000,
      timeoutMsg: 'the copy task did not complete',
    });
    expect(await task.getText()).toContain('复制数据集「中文短句语料（示例）」到 网盘');
    expect(await task.$('.rc-task-status').getText()).toBe('已完成');
    expect(await task.getText()).toContain('3 / 3 个文件');

    await browser.refresh();
    await page.waitForText('.rc-task-table tbody tr .rc-task-status', '已完成');
    const tasks = await call<{ list: { status: string; doneBytes: number; totalBytes: number }[] }>('/data/auth/task/list', {});
    expect(tasks.list[0]).toMatchObject({ status: 'done' });
    expect(tasks.list[0]!.doneBytes).toBe(tasks.list[0]!.totalBytes);
  });
});
