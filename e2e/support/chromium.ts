import { remote } from 'webdriverio';
import { chromedriverVariable } from './shared-chromedriver';

export type Browser = Awaited<ReturnType<typeof remote>>;

/** The sessions open now, for the failure capture (support/failure-capture.ts). */
export const openBrowsers = new Set<Browser>();

const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--window-size=1440,900',
  '--lang=zh-CN',
];

/** A phone as Chromium's device mode emulates it: its user agent, screen and `<meta name="viewport">`. */
export interface PhoneEmulation {
  userAgent: string;
  deviceMetrics: { width: number; height: number; pixelRatio: number; mobile: true; touch: true };
}

export interface ChromiumOptions {
  /** Where Chromium saves downloads. */
  downloadDir?: string;
  phone?: PhoneEmulation;
  /**
   * The browser's events (console entries, dialogs) and preload scripts, through WebDriver BiDi. Without them the
   * session speaks classic WebDriver, where webdriverio tracks no shadow roots, frames or requests in every page: that
   * took Chromium about three times the CPU per element command, and a quarter more per page load.
   */
  events?: boolean;
}

/**
 * Debian's Chromium, its headless shell (`chromium-headless-shell`, the engine of `chromium` without the desktop
 * browser around it), through Debian's chromedriver, with a fresh profile per session that chromedriver makes and
 * removes; downloads land in `downloadDir`. The full browser took 32.8 CPU-s where the shell took 14.2 for eight
 * sessions of two page loads each (the whole machine measured), and about 600 against 434 in whole CI runs. The shell
 * does not start with a profile folder of our own: it opens no page then.
 * The chromedriver is the run's where the journeys' global setup started one (support/shared-chromedriver.ts), else
 * the session's own.
 */
export async function openChromium(options: ChromiumOptions = {}): Promise<{ browser: Browser; close(): Promise<void> }> {
  const prefs: Record<string, string | boolean> = options.downloadDir
    ? { 'download.default_directory': options.downloadDir, 'download.prompt_for_download': false }
    : {};
  const sharedDriver = process.env[chromedriverVariable]?.split(':');
  const browser = await remote({
    logLevel: 'warn',
    ...(sharedDriver ? { hostname: sharedDriver[0], port: Number(sharedDriver[1]) } : {}),
    capabilities: {
      browserName: 'chrome',
      'wdio:enforceWebDriverClassic': !options.events,
      'goog:chromeOptions': {
        // The program itself: Debian's /usr/bin/chromium-headless-shell runs it from a shell without exec, and the shell was
        // all chromedriver stopped when a session ended.
        binary: '/usr/lib/chromium/chromium-headless-shell',
        args: flags,
        prefs,
        ...(options.phone ? { mobileEmulation: options.phone } : {}),
      },
      ...(sharedDriver ? {} : { 'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' } }),
    },
  });
  // The shell saves no download until the browser is told where: the preferences are not enough there.
  if (options.downloadDir) {
    await browser.sendCommandAndGetResult('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: options.downloadDir });
  }
  openBrowsers.add(browser);
  return {
    browser,
    async close() {
      openBrowsers.delete(browser);
      await browser.deleteSession();
    },
  };
}
