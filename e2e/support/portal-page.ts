import type { Browser } from './chromium';

/** Helpers for driving the portal in one browser session. */
export function portalPage(browser: Browser, baseUrl: string) {
  const pathname = () => browser.execute(() => window.location.pathname);
  return {
    open: (path: string) => browser.url(baseUrl + path),
    pathname,
    async waitForPath(expected: string) {
      await browser.waitUntil(async () => (await pathname()) === expected, {
        timeout: 30_000,
        timeoutMsg: `expected to land on ${expected}`,
      });
    },
    async textOf(selector: string) {
      const element = browser.$(selector);
      await element.waitForDisplayed({ timeout: 30_000 });
      return element.getText();
    },
    /**
     * Replaces what the input or textarea at `selector` holds with `value`, again until it holds exactly that: a screen
     * that re-renders between the clearing and the typing (a template filling the form under load) puts its own value
     * back into a controlled input, and the typing then lands after it.
     */
    async replaceValue(selector: string, value: string) {
      const input = browser.$(selector);
      await browser.waitUntil(
        async () => {
          await input.clearValue();
          await input.setValue(value);
          return (await input.getValue()) === value;
        },
        { timeout: 30_000, interval: 500, timeoutMsg: `"${selector}" never held "${value}"` },
      );
    },
    async waitForText(selector: string, expected: string) {
      await browser.waitUntil(
        async () =>
          (
            await browser
              .$(selector)
              .getText()
              .catch(() => '')
          ).includes(expected),
        {
          timeout: 30_000,
          timeoutMsg: `expected "${selector}" to show "${expected}"`,
        },
      );
    },
    /**
     * The route's page is up: the document carries its title and its app drew something that is
     * neither an error panel nor, for a route still waiting for its screen, another route's page.
     */
    async waitForRouteRendered(routePath: string, title: string) {
      await browser.waitUntil(
        () =>
          browser.execute(
            (path, expectedTitle) => {
              const area = document.querySelector('.rc-app-area');
              const featurePage = area?.querySelector<HTMLElement>('.rc-feature-page');
              return (
                document.title.startsWith(`${expectedTitle} - `) &&
                Boolean(area?.textContent?.trim()) &&
                !document.querySelector('.rc-app-error') &&
                (!featurePage || featurePage.dataset.route === path)
              );
            },
            routePath,
            title,
          ),
        { timeout: 30_000, timeoutMsg: `expected ${routePath} to render "${title}"` },
      );
    },
    /**
     * A new browser's first stop, where a session can be stored: a document of the portal's origin that loads nothing
     * (a new profile holds nothing to clear). Loading the portal for it cost each journey file a page load.
     */
    enterOrigin: () => browser.url(`${baseUrl}/apis/system/api/health`),
    /** A fresh start: no session, theme, overrides or remembered URL. */
    async reset() {
      await browser.url(`${baseUrl}/null`);
      // Once the shell shows, the auth guard has remembered /null: clearing before that left it to a race.
      await browser.$('.rc-shell').waitForExist({ timeout: 15_000 });
      await browser.execute(() => localStorage.clear());
    },
  };
}

export type PortalPage = ReturnType<typeof portalPage>;
