import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { apiCall, browserToken } from './support/demo-session';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true, env: { SIMULATED_SPEED: '4' } }, (suite) => ({ server, browser, page } = suite));

const row = () => browser.$('.rc-instance-table tbody tr');

async function jupyterLaunches(): Promise<number> {
  const response = await fetch(`${server.url}/apis/application/api/app/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: 'Jupyter Notebook' }),
  });
  const answer = (await response.json()) as { data: { list: Array<{ name: string; launchCount: number }> } };
  return answer.data.list.find((app) => app.name === 'Jupyter Notebook')!.launchCount;
}

describe('the application centre', () => {
  it('the demo user deploys Jupyter Notebook: the rent page opens from its template, paying creates a running instance and one launch', async () => {
    const launchesBefore = await jupyterLaunches();
    await page.open('/account/appCenter');
    const card = browser.$('.rc-app-card[data-name="Jupyter Notebook"]');
    await card.waitForClickable({ timeout: 20_000 });
    expect(await card.getText()).toContain('RTX 4090 × 1');
    await card.click();
    await page.waitForText('.rc-app-detail .rc-app-template', 'python3 -m notebook');
    expect(await browser.$('.rc-app-detail .rc-app-port').getText()).toContain('8888');
    await browser.$('.rc-app-detail .rc-app-deploy').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-app-detail .rc-app-deploy').click();

    await browser.waitUntil(
      async () => (await browser.execute(() => location.pathname + location.search)).startsWith('/account/suanli/create?appId='),
      {
        timeout: 20_000,
        timeoutMsg: 'the rent page did not open with the application',
      },
    );
    await page.waitForText('.rc-app-launch-name', 'Jupyter Notebook');
    await browser.$('.rc-gpu-model.rc-selected[data-model="RTX 4090"]').waitForExist({ timeout: 15_000 });
    expect(await browser.$('.rc-gpu-counts [data-count="1"]').getAttribute('class')).toContain('active');
    expect(await browser.$('.rc-gpu-counts [data-count="2"]').isEnabled()).toBe(false);
    await page.waitForText('.rc-rent-summary', '/小时');
    await browser.$('.rc-pay-button').waitForEnabled({ timeout: 15_000 });
    await browser.$('.rc-pay-button').click();

    await page.waitForPath('/account/instanceManage');
    await page.waitForText('.rc-instance-table', 'Jupyter Notebook');
    await browser.waitUntil(async () => (await row().getAttribute('data-status')) === '2', {
      timeout: 30_000,
      timeoutMsg: 'the instance did not reach running',
    });
    expect(await row().$('.rc-instance-gpu').getText()).toBe('RTX 4090 × 1');
    expect(await row().$('.rc-instance-status').getText()).toBe('运行中');
    // The simulated pool runs no containers, and the row says so rather than pretending the service starts.
    expect(await row().$('.rc-app-service-state').getText()).toBe('未运行');
    expect(await row().$('.rc-app-service [data-reason]').getAttribute('data-reason')).toContain('模拟资源池中的实例没有真实容器');
    expect(await jupyterLaunches()).toBe(launchesBefore + 1);

    await page.open('/account/app');
    await browser.$('.rc-launches-tab').waitForClickable({ timeout: 15_000 });
    await browser.$('.rc-launches-tab').click();
    await page.waitForText('.rc-my-launches', 'Jupyter Notebook');
    expect(await browser.$('.rc-my-launches').getText()).toContain('8888');
    expect(await browser.$('.rc-my-launches').getText()).toContain('运行中');

    // Stopped, its pay-as-you-go meter no longer moves the demo user's balance under later journeys.
    const token = await browserToken(browser);
    const { list } = await apiCall<{ list: Array<{ id: number; name: string }> }>(
      server.url,
      '/container/auth/list',
      { pageNum: 1, pageSize: 50 },
      token,
    );
    for (const instance of list.filter((row) => row.name.includes('Jupyter Notebook')))
      await apiCall(server.url, '/user/auth/user/instance/stop', { id: instance.id }, token);
  }, 120_000);

  it('the demo user creates an application step by step and submits it; the operator approves it and it joins the centre', async () => {
    const name = 'ComfyUI 工作流';
    await page.open('/account/app');
    await browser.$('.rc-app-create').waitForClickable({ timeout: 15_000 });
    await browser.$('.rc-app-create').click();
    await browser.$('.rc-app-name-input input').waitForDisplayed({ timeout: 20_000 });
    await browser.$('.rc-app-name-input input').setValue(name);
    await browser.$('.rc-app-category').click();
    await browser.$('.rc-app-category .item').click();
    await browser.$('.rc-app-next').click();

    await browser.$('.rc-app-image').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-app-image').click();
    await browser.$('.rc-app-image .item').click();
    await browser.$('.rc-app-next').click();

    await browser.$('.rc-app-gpu-model').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-app-gpu-model').click();
    await browser.$('.rc-app-gpu-model .item').click();
    await browser.$('.rc-app-add-port').click();
    await browser.$('.rc-app-next').click();

    await browser.$('.rc-app-description-input textarea').waitForDisplayed({ timeout: 20_000 });
    await browser.$('.rc-app-description-input textarea').setValue('## 节点式工作流\n\n打开 8888 端口。');
    await browser.$('.rc-app-next').click();
    await page.waitForText('.rc-app-wizard .rc-app-template', '8888/http');
    await browser.$('.rc-app-submit').click();
    await page.waitForText('.rc-toasts', '已提交审核，审核通过后自动上架');
    await page.waitForText(`.rc-my-apps`, name);
    expect(await browser.$('.rc-my-apps .rc-app-status').getText()).toBe('审核中');

    const response = await fetch(`${server.url}/apis/user/api/user/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000004', password: 'Demo@2026' }),
    });
    const operator = ((await response.json()) as { data: { token: string; userInfo: unknown } }).data;
    await browser.execute(
      (token, info) => {
        localStorage.setItem('RC_WEB_TOKEN', token);
        localStorage.setItem('RcUserInfo', info);
      },
      JSON.stringify(operator.token),
      JSON.stringify(operator.userInfo),
    );
    await page.open('/account/review/app');
    await page.waitForText('.rc-app-review', name);
    await browser.$('.rc-app-review .rc-approve').click();
    await page.waitForText('.rc-toasts', '审核通过，应用已上架');
    await page.waitForText('.rc-app-review', '没有待审核的应用');

    await page.open('/account/appCenter');
    await browser.$(`.rc-app-card[data-name="${name}"]`).waitForExist({ timeout: 15_000 });
    expect(await browser.$(`.rc-app-card[data-name="${name}"]`).getText()).toContain('RTX 4090 × 1');
  }, 120_000);
});
