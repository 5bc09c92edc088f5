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
