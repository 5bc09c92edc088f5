import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { apiCall, browserToken, signInThroughApi } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';
import { confirmDialog } from './support/rc-dialogs';
import { generatedFile, uploaderOn } from './support/uploader';

const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-share-'));
let browser: Browser;
let page: PortalPage;
let server: PortalServer;

setUpPortalSuite({ signedIn: true, chromium: { downloadDir: downloads } }, (suite) => {
  ({ browser, page, server } = suite);
});

const row = (name: string) => browser.$(`.rc-disk-table tr[data-name="${name}"]`);

describe('分享链接', () => {
  it('shares a net-disk file with a code; signed out, a wrong code is refused, the right one downloads it; revoked, the page refuses', async () => {
    await apiCall(server.url, '/net-disk/auth/activation', { regionCode: 'hd-2', sizeGb: 20 }, await browserToken(browser));
    await page.open('/account/netDisk');
    const file = generatedFile('共享数据.bin', 1);
    await browser.$('.rc-disk-browser .rc-file-picker').waitForExist({ timeout: 20_000 });
    await browser.$('.rc-disk-browser .rc-file-picker').addValue(file.path);
    await uploaderOn(browser).waitFor('共享数据.bin', (view) => view.status === 'success', 60_000, 'success');
    await row('共享数据.bin').waitForDisplayed({ timeout: 20_000 });

    // 分享 from the row: 7 days, the code typed by hand.
    await row('共享数据.bin').$('.rc-share').click();
    const codeInput = browser.$('rc-dialogs .rc-share-form .rc-share-code-input input');
    await codeInput.waitForDisplayed({ timeout: 20_000 });
    await codeInput.clearValue();
    await codeInput.setValue('k7m2');
    await browser.$('rc-dialogs .rc-share-form .rc-dialog-submit').click();
    const link = browser.$('rc-dialogs .rc-share-made .rc-share-link input');
    await link.waitForDisplayed({ timeout: 20_000 });
    const url = new URL(await link.getValue());
    expect(url.pathname).toMatch(/^\/s\/[\w-]+$/);
    expect(await browser.$('rc-dialogs .rc-share-made .rc-share-code input').getValue()).toBe('k7m2');

    // Signed out, the page asks for the code.
    await page.reset();
    await page.open(url.pathname);
    await browser.$('.rc-share-code-form').waitForDisplayed({ timeout: 20_000 });
    const typed = browser.$('.rc-share-code-form .rc-share-code-input input');
    await typed.setValue('k7m3');
    await browser.$('.rc-share-code-submit').click();
    await page.waitForText('.rc-share-code-problem', '提取码错误，请重新输入');
    await typed.clearValue();
    await typed.setValue('K7M2');
    await browser.$('.rc-share-code-submit').click();
    await page.waitForText('.rc-shared-name', '共享数据.bin');
    expect(await page.textOf('.rc-shared-facts')).toMatch(/^1\.00 MB · 有效期至 /);
    await browser.$('.rc-shared-download-all').click();
    const downloaded = path.join(downloads, '共享数据.bin');
    await browser.waitUntil(() => existsSync(downloaded) && createHash('md5').update(readFileSync(downloaded)).digest('hex') === file.md5, {
      timeout: 30_000,
      timeoutMsg: 'the shared file was not downloaded whole',
    });

    // Back as the owner: the access log shows the download; 取消分享 revokes it.
    await signInThroughApi(browser, server.url);
    await page.open('/account/share');
    const shareRow = browser.$('.rc-share-table tr[data-state="active"]');
    await shareRow.waitForDisplayed({ timeout: 20_000 });
    expect(await shareRow.$('.rc-share-code-cell').getText()).toBe('k7m2');
    await shareRow.$('.rc-share-log').click();
    await browser.$('rc-dialogs .rc-share-access-table tr[data-action="download"]').waitForDisplayed({ timeout: 20_000 });
    expect(await browser.$('rc-dialogs .rc-share-access-table tr[data-action="download"]').getText()).toContain('共享数据.bin');
    expect(await browser.$$('rc-dialogs .rc-share-access-table tr[data-action="wrong-code"]').length).toBe(1);
    await page.open('/account/share');
    await shareRow.waitForDisplayed({ timeout: 20_000 });
    await shareRow.$('.rc-revoke-share').click();
    await confirmDialog(browser, '取消分享');
    await browser.$('.rc-share-table tr[data-state="revoked"]').waitForDisplayed({ timeout: 20_000 });

    await page.reset();
    await page.open(url.pathname);
    await page.waitForText('.rc-share-refusal', '分享已被取消');
  });
});
