import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { signInThroughApi } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { generatedFile, uploaderOn } from './support/uploader';

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
/** What the browser logged about the Content-Security-Policy (it logs every violation, from any document). */
const policyLog: string[] = [];

setUpPortalSuite({ chromium: { events: true } }, async (suite) => {
  ({ server, browser, page } = suite);
  await browser.sessionSubscribe({ events: ['log.entryAdded'] });
  browser.on('log.entryAdded', (entry: { text?: string | null }) => {
    if (entry.text && /Content.Security.Policy/i.test(entry.text)) policyLog.push(entry.text);
  });
  // Runs in every document before its own scripts, so a violation during page load is seen too.
  await browser.scriptAddPreloadScript({
    functionDeclaration: String(() => {
      const seen: string[] = [];
      Object.defineProperty(window, 'rcPolicyViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    }),
  });
});

const violations = () =>
  browser.execute(
    () => (window as unknown as { rcPolicyViolations?: string[] }).rcPolicyViolations ?? ['the violation listener did not run'],
  );

describe('the Content-Security-Policy', () => {
  it('lets the portal run: home, sign-in, the instance list and an upload (hashed by WebAssembly in workers), without a single violation', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    await page.open('/');
    await browser.$('.rc-top-nav a').waitForDisplayed({ timeout: 15_000 });
    expect(await violations()).toEqual([]);

    await signInThroughApi(browser, server.url);
    const pages: Array<[string, string]> = [
      ['/account/instanceManage', '容器实例'],
      ['/account/upload', '文件上传'],
    ];
    for (const [path, title] of pages) {
      await page.open(path);
      await page.waitForRouteRendered(path, title);
      expect(await violations()).toEqual([]);
    }

    await browser.$('.rc-file-picker').addValue(generatedFile('policy.bin', 1).path);
    await uploaderOn(browser).waitFor('policy.bin', (view) => view.status === 'success', 30_000, 'success');
    expect(await violations()).toEqual([]);
    expect(policyLog).toEqual([]);
  });
});
