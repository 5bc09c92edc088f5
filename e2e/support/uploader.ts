import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from './chromium';

const folder = mkdtempSync(path.join(tmpdir(), 'rc-e2e-files-'));

/** A file of random bytes on disk (written in 1 MiB pieces) and its MD5. */
export function generatedFile(name: string, megabytes: number): { path: string; md5: string; size: number } {
  const file = path.join(folder, name);
  const hash = createHash('md5');
  const descriptor = openSync(file, 'w');
  for (let i = 0; i < megabytes; i++) {
    const piece = randomBytes(1024 * 1024);
    hash.update(piece);
    writeSync(descriptor, piece);
  }
  closeSync(descriptor);
  return { path: file, md5: hash.digest('hex'), size: megabytes * 1024 * 1024 };
}

export interface ItemView {
  id: string;
  name: string;
  status: string;
  label: string;
  progress: number;
}

/** Reads and drives the `<rc-uploader>` on the page (the first one, or `selector`). */
export function uploaderOn(browser: Browser, selector = 'rc-uploader') {
  const items = () =>
    browser.execute((hostSelector) => {
      const root = document.querySelector(hostSelector)?.shadowRoot;
      return Array.from(root?.querySelectorAll<HTMLElement>('.item') ?? []).map((li) => ({
        id: li.dataset.uploadId ?? '',
        name: li.querySelector('.name')?.textContent ?? '',
        status: li.dataset.status ?? '',
        label: li.querySelector('.status')?.textContent ?? '',
        progress: Number(li.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0),
      }));
    }, selector) as Promise<ItemView[]>;

  const item = async (name: string) => (await items()).find((view) => view.name === name);

  return {
    items,
    item,
    async pick(filePath: string) {
      await browser.$(selector).shadow$('.toolbar input[type="file"]').addValue(filePath);
    },
    /** Picks the file again for an item restored after a reload. */
    async pickAgain(name: string, filePath: string) {
      const index = (await items()).findIndex((view) => view.name === name);
      const rows = await browser.$(selector).shadow$$('.item').getElements();
      await rows[index]!.$('input[type="file"]').addValue(filePath);
    },
    async waitFor(name: string, accept: (view: ItemView) => boolean, timeout = 60_000, what = 'state') {
      let last: ItemView | undefined;
      await browser.waitUntil(
        async () => {
          last = await item(name);
          return Boolean(last && accept(last));
        },
        { timeout, interval: 50, timeoutMsg: `upload ${name}: expected ${what}, last seen ${JSON.stringify(last)}` },
      );
      return last!;
    },
    async click(name: string, action: string) {
      await browser.execute(
        (hostSelector, fileName, text) => {
          const root = document.querySelector(hostSelector)!.shadowRoot!;
          const row = Array.from(root.querySelectorAll('.item')).find((li) => li.querySelector('.name')?.textContent === fileName)!;
          Array.from(row.querySelectorAll('button'))
            .find((button) => button.textContent === text)!
            .click();
        },
        selector,
        name,
        action,
      );
    },
  };
}

/**
 * Opens and expands the portal's floating transfer list, then brings each control matched by `selectors` into view
 * as a user would (scrolling it above the list when the list covers it) and answers the enabled ones the list still covers.
 */
export async function controlsCoveredByExpandedList(browser: Browser, selectors: readonly string[]): Promise<string[]> {
  const floating = browser.$('#rc-uploader-slot rc-uploader');
  if (!(await floating.shadow$('.panel').isExisting())) await browser.$('.rc-transfer-toggle').click();
  await floating.shadow$('.panel').waitForDisplayed({ timeout: 20_000 });
  if (await floating.shadow$('.panel.is-collapsed').isExisting()) await floating.shadow$('[aria-label="展开"]').click();
  await floating.shadow$('.panel:not(.is-collapsed) .list').waitForDisplayed({ timeout: 20_000 });
  return browser.execute((wanted) => {
    const panel = document.querySelector('#rc-uploader-slot rc-uploader')!.shadowRoot!.querySelector('.panel')!;
    const covered: string[] = [];
    for (const selector of wanted) {
      // A disabled control takes no clicks (Fomantic gives it pointer-events: none), so nothing can cover it.
      const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (control) => !control.matches(':disabled, .disabled'),
      );
      if (controls.length === 0) covered.push(`${selector}: none on the page`);
      for (const control of controls) {
        control.scrollIntoView({ block: 'nearest' });
        const top = panel.getBoundingClientRect().top;
        const rect = control.getBoundingClientRect();
        if (rect.bottom > top) window.scrollBy(0, rect.bottom - top + 8);
        const now = control.getBoundingClientRect();
        const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
        if (!hit || !control.contains(hit)) covered.push(`${selector}: ${control.textContent?.trim() ?? ''}`);
      }
    }
    window.scrollTo(0, 0);
    return covered;
  }, selectors);
}
