import type { PortalSuite } from './portal-suite';
import { latestSmsCode } from './sms-outbox';

/**
 * Opens /register and fills it in for `mobile` (the code it was sent, the password twice), leaving the agreement and
 * the submit to the test. Answers the send-code button's text as it first counts down.
 */
export async function fillRegisterForm({ server, browser, page }: PortalSuite, mobile: string, password: string): Promise<string> {
  await page.open('/register');
  await browser.$('.rc-register input[name="mobile"]').waitForDisplayed({ timeout: 15_000 });
  await browser.$('.rc-register input[name="mobile"]').setValue(mobile);
  await browser.$('.rc-send-code').click();
  await page.waitForText('.rc-send-code', '秒后重新获取');
  const countdown = await browser.$('.rc-send-code').getText();
  await browser.$('.rc-register input[name="code"]').setValue(await latestSmsCode(server.dataDir, mobile, 'register'));
  await browser.$('.rc-register input[name="password"]').setValue(password);
  await browser.$('.rc-register input[name="confirm"]').setValue(password);
  return countdown;
}
