import { it } from 'vitest';
import type { Browser } from './support/chromium';
import { setUpPortalSuite } from './support/portal-suite';
import type { PortalPage } from './support/portal-page';

let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ signedIn: true }, (suite) => {
  ({ browser, page } = suite);
});

it('shots', async () => {
  await page.open('/account/netDisk');
  await browser.$('.rc-activation-form').waitForDisplayed({ timeout: 20_000 });
  await browser.saveScreenshot('/tmp/nd-1.png');
  const size = browser.$('.rc-size-input input');
  await size.clearValue();
  await size.setValue('100');
  await browser.$('.rc-activate').click();
  await browser.pause(800);
  await browser.saveScreenshot('/tmp/nd-2.png');
  await page.open('/account/storeResourceManage');
  await browser.pause(3000);
  await browser.saveScreenshot('/tmp/nd-3.png');
});
