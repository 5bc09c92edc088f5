import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openChromium, type Browser, type ChromiumOptions } from './chromium';
import { signInThroughApi } from './demo-session';
import { portalPage, type PortalPage } from './portal-page';
import { startPortalServer, type PortalServer } from './portal-server';

export interface PortalSuite {
  server: PortalServer;
  browser: Browser;
  page: PortalPage;
}

interface PortalSuiteOptions {
  /** Start every test from a fresh page (no session, theme or remembered URL) rather than only the first. */
  resetBeforeEach?: boolean;
  /** Sign the demo user in once, before the first test. */
  signedIn?: boolean;
  /** The Chromium session's options: downloads, events. */
  chromium?: ChromiumOptions;
  /** Settings of the server's own beyond the journeys' shared ones. */
  env?: Record<string, string>;
}

/**
 * Registers the hooks of a browser journey file: one real portal server and one Chromium session for the file,
 * handed to `opened` (awaited) before the first page is loaded (a failing test's screenshot: support/failure-capture.ts).
 */
export function setUpPortalSuite(options: PortalSuiteOptions, opened: (suite: PortalSuite) => unknown): void {
  let suite: PortalSuite | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  let server: PortalServer | undefined;

  beforeAll(async () => {
    // Side by side: neither needs the other before the first page, and nothing of the file's own runs meanwhile.
    const [serverStart, chromiumStart] = await Promise.allSettled([startPortalServer(options.env), openChromium(options.chromium)]);
    if (serverStart.status === 'fulfilled') server = serverStart.value;
    if (chromiumStart.status === 'fulfilled') closeBrowser = chromiumStart.value.close;
    if (serverStart.status === 'rejected') throw serverStart.reason;
    if (chromiumStart.status === 'rejected') throw chromiumStart.reason;
    const { browser } = chromiumStart.value;
    suite = { server: serverStart.value, browser, page: portalPage(browser, serverStart.value.url) };
    await opened(suite);
    await suite.page.enterOrigin();
    if (options.signedIn) await signInThroughApi(browser, suite.server.url);
  });

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  if (options.resetBeforeEach) beforeEach(() => suite!.page.reset());
}
