import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openBrowsers, type Browser } from './chromium';
import { repoRoot } from './portal-server';

/** What the user saw: the address, the page's text and the text inside each web component (the uploader, the dialogs). */
const visibleText = (browser: Browser) =>
  browser.execute(() => {
    const parts = [`address: ${location.href}`, `page: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500)}`];
    for (const element of document.querySelectorAll('*')) {
      if (!element.shadowRoot) continue;
      const words: string[] = [];
      const walker = document.createTreeWalker(element.shadowRoot, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('style, script')) words.push(node.textContent ?? '');
      }
      const text = words.join(' ').replace(/\s+/g, ' ').trim();
      if (text) parts.push(`<${element.tagName.toLowerCase()}>: ${text.slice(0, 800)}`);
    }
    return parts.join('\n');
  });

/**
 * After a failed journey: a screenshot of every Chromium session still open in .tmp/e2e-failures, and what each shows
 * printed to the log, which is all a CI run leaves of a failure.
 */
export async function captureFailure(testName: string): Promise<void> {
  const dir = path.join(repoRoot, '.tmp/e2e-failures');
  mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^\w\u4e00-\u9fff]+/g, '-');
  let index = 0;
  for (const browser of openBrowsers) {
    const name = index++ ? `${base}-${index}` : base;
    await browser.saveScreenshot(path.join(dir, `${name}.png`)).catch(() => undefined);
    const text = await visibleText(browser).catch((error: unknown) => `(the page did not answer: ${String(error)})`);
    console.error(`── what the browser showed when "${testName}" failed (screenshot .tmp/e2e-failures/${name}.png)\n${text}`);
  }
}
