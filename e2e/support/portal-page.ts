import type { Browser } from './chromium';

/** Helpers for driving the portal in one browser session. */
export function portalPage(browser: Browser, baseUrl: string) {
  const pathname = () => browser.execute(() => window.location.pathname);
  return {
    open: (path: string) => browser.url(baseUrl + path),
    pathname,
    async waitForPath(expected: string) {
      await browser.waitUntil(async () => (await pathname()) === expected, {
        timeout: 15_000,
        timeoutMsg: `expected to land on ${expected}`,
      });
    },
    async textOf(selector: string) {
      const element = browser.$(selector);
      await element.waitForDisplayed({ timeout: 15_000 });
      return element.getText();
    },
    async waitForText(selector: string, expected: string) {
      await browser.waitUntil(async () => (await browser.$(selector).getText().catch(() => '')).includes(expected), {
        timeout: 15_000,
        timeoutMsg: `expected "${selector}" to show "${expected}"`,
      });
    },
    /** A fresh start: no session, theme, overrides or remembered URL. */
    async reset() {
      await browser.url(`${baseUrl}/null`);
      await browser.execute(() => localStorage.clear());
    },
  };
}
