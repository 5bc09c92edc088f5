// Every route of the route table at 1280 and 1440 px, in the light and the dark theme: no page scrolls sideways, and
// axe-core finds no serious colour-contrast or missing-label violation. Each route is loaded once; the window is
// resized and the theme switched in place, so the whole walk stays within a few minutes.
import { writeFileSync } from 'node:fs';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../root-config/src/route-table';
import type { Browser } from './support/chromium';
import { logInDemoUser, signInThroughApi } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { rentRunningInstance } from './support/rented-instances';

/** axe-core's own script, injected into the page once per load. */
const axeSource = axe.source;
/** Contrast, and the rules that find a control, image or link a screen reader cannot name. */
const axeRules = ['color-contrast', 'label', 'select-name', 'aria-input-field-name', 'image-alt', 'button-name', 'link-name'];
const themes = ['theme_light', 'theme_dark'] as const;
const widths = [1280, 1440] as const;

/** Routes shown with a seeded record: the demo question whose first answer is accepted. */
const samples: Record<string, string> = { '/question/view/:id?': '/question/view/1' };
/** A route's address: a sample's, or with optional parameters left out and required ones given a sample id. */
const visitable = (routePath: string) => samples[routePath] ?? routePath.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '1');

/** The shell's own pages (home, login, register, legal) as a visitor sees them; the micro-apps' routes signed in. */
const signedOutRoutes = routeTable.filter((entry) => entry.owner === 'shell').map((entry) => entry.path);
const signedInRoutes = routeTable.filter(
  (entry, index) => entry.owner !== 'shell' && routeTable.findIndex((first) => first.path === entry.path) === index,
);

let server: PortalServer;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite({ env: { SIMULATED_SPEED: '4' } }, (suite) => ({ server, browser, page } = suite));

/**
 * What is wrong with the layout on screen: the page scrolls sideways (naming the elements that stick out), a screen's card
 * runs to the window's edge, a button's label wraps onto a second line, or a table cell leaves one Chinese character alone
 * on a line.
 */
const layoutFaults = (wrapping: boolean) =>
  browser.execute((checkWrapping: boolean) => {
    const faults: string[] = [];
    const root = document.documentElement;
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    if (root.scrollWidth > root.clientWidth) {
      const sticksOut = (element: Element) => element.getBoundingClientRect().right > root.clientWidth + 1;
      const culprits = [...document.querySelectorAll('body *')]
        .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
        .slice(0, 3)
        .map((element) => `${name(element)} (${Math.round(element.getBoundingClientRect().right)} px)`);
      faults.push(`scrolls sideways, page ${root.scrollWidth} px wide: ${culprits.join(', ')}`);
    }
    for (const card of document.querySelectorAll('.rc-app-area .rc-page')) {
      const { left, right, width } = card.getBoundingClientRect();
      if (width > 0 && (left < 16 || right > root.clientWidth - 16))
        faults.push(`${name(card)} runs to the window's edge, without page margins`);
    }
    /** The text of `element` line by line, as laid out. */
    const lines = (element: Element) => {
      const byTop = new Map<number, string>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index++) {
          if (/\s/.test(text[index]!)) continue;
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = range.getBoundingClientRect();
          if (box.width === 0) continue;
          const top = [...byTop.keys()].find((known) => Math.abs(known - box.top) < 6) ?? box.top;
          byTop.set(top, (byTop.get(top) ?? '') + text[index]);
        }
      }
      return [...byTop.values()];
    };
    if (!checkWrapping) return faults;
    for (const button of document.querySelectorAll('.ui.button')) {
      if (button.closest('.menu') || !(button as HTMLElement).offsetParent) continue;
      const laidOut = lines(button);
      if (laidOut.length > 1) faults.push(`button ${name(button)} wraps: ${laidOut.join(' / ')}`);
    }
    // A short label (a status, a column title) squeezed so that a character stands alone; a paragraph may end so.
    const shortLabels = [...document.querySelectorAll('td, th')].filter((cell) => (cell.textContent ?? '').replace(/\s/g, '').length <= 8);
    for (const cell of shortLabels) {
      const laidOut = lines(cell);
      if (laidOut.length > 1 && laidOut.some((line) => /^[\u4e00-\u9fff]$/.test(line)))
        faults.push(`table cell ${name(cell)} breaks a word one character a line: ${laidOut.join(' / ')}`);
    }
    return faults;
  }, wrapping);

/** axe's findings of `rules`, in the whole page or only within `scope`. */
const axeViolations = (rules: string[], scope: string | null) =>
  browser.executeAsync(
    (source: string, ruleIds: string[], within: string | null, done: (found: string[]) => void) => {
      const win = window as unknown as { axe?: { run(context: object, options: object): Promise<AxeResults> } };
      interface AxeResults {
        violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
      }
      if (!win.axe) new Function(source)();
      // The home page's header is transparent over the hero's gradient, whose colours axe cannot read.
      const context = { ...(within ? { include: [within] } : {}), exclude: ['.rc-header.is-transparent'] };
      void win
        .axe!.run(context, { runOnly: { type: 'rule', values: ruleIds }, resultTypes: ['violations'] })
        .then((results) =>
          done(
            results.violations
              .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
              .flatMap((violation) =>
                violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}: ${node.failureSummary.replace(/\s+/g, ' ')}`),
              ),
          ),
        );
    },
    axeSource,
    rules,
    scope,
  );

const setTheme = (theme: string) =>
  browser.executeAsync((value: string, done: () => void) => {
    void (window as unknown as { System: { import(name: string): Promise<{ setTheme(theme: string): void }> } }).System.import(
      '@rc/shared-utility',
    ).then((shared) => {
      shared.setTheme(value);
      done();
    });
  }, theme);

/** Waits (without failing) until the screen has no list or page still loading, so the checks see its data. */
const settle = () =>
  browser
    .waitUntil(
      () =>
        browser.execute(
          () =>
            !document.querySelector(
              '.rc-list-loading, .rc-app-loader, .ui.active.loader:not(.inline), .ui.loading.segment, .ui.loading.form',
            ),
        ),
      { timeout: 5_000, interval: 150 },
    )
    .catch(() => undefined);

/** Both widths and both themes of the page on screen, its findings prefixed by `url`; axe looks only within `axeScope` if given. */
async function checkInPlace(url: string, axeScope: string | null = null): Promise<string[]> {
  await settle();
  const findings: string[] = [];
  let order: readonly number[] = widths;
  for (const theme of themes) {
    await setTheme(theme);
    for (const width of order) {
      await browser.setWindowSize(width, 900);
      // Wrapping does not change with the theme and is worst at the narrower width: it is looked for there, in light.
      for (const fault of await layoutFaults(theme === 'theme_light' && width === 1280))
        findings.push(`${url} ${width} ${theme}: ${fault}`);
      if (width === 1280) {
        // Labels do not change with the theme: only contrast is checked twice.
        const rules = theme === 'theme_light' ? axeRules : ['color-contrast'];
        for (const violation of await axeViolations(rules, axeScope)) findings.push(`${url} ${width} ${theme}: ${violation}`);
      }
    }
    order = [...order].reverse();
  }
  return findings;
}

/** Register's send-code button as it counts down, its longest label (「60秒后重新获取」). */
async function startCountdown() {
  await browser.$('.rc-register input[name="mobile"]').waitForDisplayed({ timeout: 15_000 });
  await browser.$('.rc-register input[name="mobile"]').setValue('13912345678');
  await browser.$('.rc-send-code').click();
  await page.waitForText('.rc-send-code', '秒后重新获取');
}

/** Theme changes animate (.2 s); the checks must see the final colours. */
const stillTransitions = () =>
  browser.execute(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';
    document.head.append(style);
  });

describe('every route at 1280 and 1440 px in both themes', () => {
  beforeAll(async () => {
    // A running instance (on the simulated pool, gone with the file's server) fills the instance table, bills and assets.
    const { token } = await logInDemoUser(server.url);
    await rentRunningInstance(server.url, token);
  });

  it("signed out: the shell's own pages", { timeout: 180_000 }, async () => {
    const findings: string[] = [];
    for (const url of signedOutRoutes) {
      await page.open(url);
      await stillTransitions();
      await browser.$('.rc-shell').waitForExist({ timeout: 15_000 });
      if (url === '/register') await startCountdown();
      findings.push(...(await checkInPlace(url)));
    }
    if (process.env.RC_FINDINGS) writeFileSync(process.env.RC_FINDINGS, findings.join('\n') + '\n', { flag: 'a' });
    expect(findings).toEqual([]);
  });

  it('signed in: every other route', { timeout: 420_000 }, async () => {
    await page.open('/null');
    await signInThroughApi(browser, server.url);
    await page.open('/account/home');
    await stillTransitions();
    await page.waitForText('.rc-app-area', '控制台');
    const findings: string[] = [];
    for (const [index, entry] of signedInRoutes.entries()) {
      const url = visitable(entry.path);
      await browser.execute((target) => window.history.pushState(null, '', target), url);
      await page.waitForRouteRendered(entry.path, entry.title);
      // The header and side menu stay the same from route to route: axe reads them on the first route only.
      findings.push(...(await checkInPlace(url, index === 0 ? null : '.rc-app-area')));
    }
    if (process.env.RC_FINDINGS) writeFileSync(process.env.RC_FINDINGS, findings.join('\n') + '\n', { flag: 'a' });
    expect(findings).toEqual([]);
  });
});
