import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openChromium, type Browser } from './chromium';
import { signInThroughApi } from './demo-session';
import { portalPage, type PortalPage } from './portal-page';
import { repoRoot, startPortalServer, type PortalServer } from './portal-server';

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
  /** Where Chromium saves downloads. */
  downloadDir?: string;
  /** Settings of the server's own beyond the journeys' shared ones. */
  env?: Record<string, string>;
}

/**
 * Registers the hooks of a browser journey file: one real portal server and one Chromium session for the file,
 * handed to `opened` (awaited) before the first page is loaded, and a screenshot of every failing test in .tmp/e2e-failures.
 */
export function setUpPortalSuite(options: PortalSuiteOptions, opened: (suite: PortalSuite) => unknown): void {
  let suite: PortalSuite | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  let server: PortalServer | undefined;

  beforeAll(async () => {
    server = await startPortalServer(options.env);
    const chromium = await openChromium({ downloadDir: options.downloadDir });
    closeBrowser = chromium.close;
    suite = { server, browser: chromium.browser, page: portalPage(chromium.browser, server.url) };
    await opened(suite);
    if (!options.resetBeforeEach) await suite.page.reset();
    if (options.signedIn) await signInThroughApi(suite.browser, server.url);
  });

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
  });

  if (options.resetBeforeEach) beforeEach(() => suite!.page.reset());

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !suite) return;
    const dir = path.join(repoRoot, '.tmp/e2e-failures');
    mkdirSync(dir, { recursive: true });
    await suite.browser.saveScreenshot(path.join(dir, `${task.name.replace(/[^\w\u4e00-\u9fff]+/g, '-')}.png`));
  });
}
