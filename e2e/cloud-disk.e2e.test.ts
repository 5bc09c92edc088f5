import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import type { PortalPage } from './support/portal-page';
import { setUpPortalSuite, type PortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';
import { controlsCoveredByExpandedList, generatedFile } from './support/uploader';

let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-cloud-downloads-'));

setUpPortalSuite({ signedIn: true, chromium: { downloadDir: downloads } }, (opened) => ({ browser, page } = suite = opened));

const fileRow = (name: string) => browser.$(`.rc-cloud-table .rc-file-row[data-key="${name}"]`);
/** PUT requests the page sent straight to the object store (not to the portal's own origin). */
const putsToObjectStore = (endpoint: string) =>
  browser.execute((origin) => performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(origin)).length, endpoint);

describe('the cloud disk (/account/fileDisk) on S3', () => {
  it('activates, uploads a multi-chunk file straight to the object store, lists, downloads it whole and deletes it', async () => {
    await page.open('/account/fileDisk');
    await page.waitForRouteRendered('/account/fileDisk', '云盘');
    const activate = browser.$('.rc-cloud-activate');
    await activate.waitForClickable({ timeout: 20_000 });
    await activate.click();
    await page.waitForText('.rc-cloud-disk-page', '云盘里还没有文件');
    expect(await page.textOf('.rc-cloud-usage')).toContain('已用 0 B（0 个文件）');

    // 12 MiB: three parts of the uploader's 5 MiB chunks, each PUT to its presigned S3 URL.
    const file = generatedFile('云盘 模型.bin', 12);
    await browser.execute(() => performance.clearResourceTimings());
    await browser.$('input.rc-file-picker').addValue(file.path);
    await fileRow('云盘 模型.bin').waitForDisplayed({ timeout: 60_000 });
    expect(await fileRow('云盘 模型.bin').getText()).toContain('12.00 MB');
    expect(await putsToObjectStore(suite.server.objectStore.endpoint!)).toBe(3);
    await page.waitForText('.rc-cloud-usage', '已用 12.00 MB（1 个文件）');
    // Expanded, the transfer list leaves the toolbar and every row's actions within reach.
    const covered = await controlsCoveredByExpandedList(browser, ['.rc-folder-actions button', '.rc-entry-actions button']);
    expect(covered, covered.join('; ')).toEqual([]);

    await fileRow('云盘 模型.bin').$('.rc-cloud-download').click();
    const saved = path.join(downloads, '云盘 模型.bin');
    await browser.waitUntil(() => existsSync(saved) && readFileSync(saved).length === file.size, {
      timeout: 30_000,
      timeoutMsg: 'the download did not arrive whole',
    });
    expect(createHash('md5').update(readFileSync(saved)).digest('hex')).toBe(file.md5);

    await fileRow('云盘 模型.bin').$('.checkbox').click();
    await browser.$('.rc-cloud-delete-selected').click();
    await confirmDialog(browser, '删除');
    await page.waitForText('.rc-cloud-disk-page', '云盘里还没有文件');
    await page.waitForText('.rc-cloud-usage', '已用 0 B（0 个文件）');
  });
});
