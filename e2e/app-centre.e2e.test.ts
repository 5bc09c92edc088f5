import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => ({ server, browser, page } = suite));

const row = () => browser.$('.rc-instance-table tbody tr');

async function jupyterLaunches(): Promise<number> {
  const response = await fetch(`${server.url}/apis/application/api/app/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keyword: 'JupyterLab' }),
  });
  const answer = (await response.json()) as { data: { list: Array<{ name: string; launchCount: number }> } };
  return answer.data.list.find((app) => app.name === 'JupyterLab')!.launchCount;
}

describe('the application centre', () => {
  it('the demo user deploys JupyterLab: the rent page opens from its template, paying creates a running instance and one launch', async () => {
    const launchesBefore = await jupyterLaunches();
    await page.open('/account/appCenter');
    const card = browser.$('.rc-app-card[data-name="JupyterLab"]');
    await card.waitForClickable({ timeout: 20_000 });
    expect(await card.getText()).toContain('RTX 4090 × 1');
    await card.click();
    await page.waitForText('.rc-app-detail .rc-app-template', 'jupyter lab');
    expect(await browser.$('.rc-app-detail .rc-app-port').getText()).toContain('8888');
    await browser.$('.rc-app-detail .rc-app-deploy').waitForClickable({ timeout: 10_000 });
    await browser.$('.rc-app-detail .rc-app-deploy').click();

    await browser.waitUntil(
      async () => (await browser.execute(() => location.pathname + location.search)).startsWith('/account/suanli/create?appId='),
      {
        timeout: 10_000,
        timeoutMsg: 'the rent page did not open with the application',
      },
    );
    await page.waitForText('.rc-app-launch-name', 'JupyterLab');
    await browser.$('.rc-gpu-model.rc-selected[data-model="RTX 4090"]').waitForExist({ timeout: 15_000 });
    expect(await browser.$('.rc-gpu-counts [data-count="1"]').getAttribute('class')).toContain('active');
    expect(await browser.$('.rc-gpu-counts [data-count="2"]').isEnabled()).toBe(false);
    await page.waitForText('.rc-rent-summary', '/小时');
    await browser.$('.rc-pay-button').waitForEnabled({ timeout: 15_000 });
    await browser.$('.rc-pay-button').click();

    await page.waitForPath('/account/instanceManage');
    await page.waitForText('.rc-instance-table', 'JupyterLab');
    await browser.waitUntil(async () => (await row().getAttribute('data-status')) === '2', {
      timeout: 30_000,
      timeoutMsg: 'the instance did not reach running',
    });
    expect(await row().$('.rc-instance-gpu').getText()).toBe('RTX 4090 × 1');
    expect(await row().$('.rc-instance-status').getText()).toBe('运行中');
    expect(await jupyterLaunches()).toBe(launchesBefore + 1);

    await page.open('/account/app');
    await browser.$('.rc-launches-tab').waitForClickable({ timeout: 15_000 });
    await browser.$('.rc-launches-tab').click();
    await page.waitForText('.rc-my-launches', 'JupyterLab');
    expect(await browser.$('.rc-my-launches').getText()).toContain('8888');
    expect(await browser.$('.rc-my-launches').getText()).toContain('运行中');
  }, 120_000);
});
