import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { setUpPortalSuite } from './support/portal-suite';
import type { PortalPage } from './support/portal-page';
import { recordedFormPosts, recordFormPosts } from './support/form-posts';
import { confirmDialog } from './support/rc-dialogs';
import { controlsCoveredByExpandedList, generatedFile, uploaderOn } from './support/uploader';

const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-net-disk-'));
let browser: Browser;
let page: PortalPage;

setUpPortalSuite({ signedIn: true, chromium: { downloadDir: downloads } }, (suite) => {
  ({ browser, page } = suite);
});

const row = (name: string) => browser.$(`.rc-disk-table tr[data-name="${name}"]`);
const waitForRow = (name: string, reverse = false) =>
  row(name).waitForDisplayed({ timeout: 20_000, reverse, timeoutMsg: `row ${name} ${reverse ? 'still shown' : 'not shown'}` });

describe('网盘', () => {
  it('activates the disk, uploads, renames, moves into a folder, downloads the same bytes, deletes and restores from the trash', async () => {
    await page.open('/account/netDisk');
    await browser.$('.rc-activation-form').waitForDisplayed({ timeout: 20_000 });
    const size = browser.$('.rc-size-input input');
    await size.clearValue();
    await size.setValue('30');
    // 10 GB above the free 20 GB at ¥0.30/GB/month: ¥0.10 a day, shown before confirming.
    await page.waitForText('.rc-activation-form .rc-price', '¥0.10/天');
    await browser.$('.rc-activate').click();
    await confirmDialog(browser, '确认开通');
    await browser.$('.rc-disk-summary').waitForDisplayed({ timeout: 20_000 });
    expect(await page.textOf('.rc-disk-status')).toBe('使用中');

    const file = generatedFile('训练数据.bin', 2);
    await browser.$('.rc-disk-browser .rc-file-picker').addValue(file.path);
    await uploaderOn(browser).waitFor('训练数据.bin', (view) => view.status === 'success', 60_000, 'success');
    await waitForRow('训练数据.bin');
    // The list opened by the upload is collapsed; expanded, it leaves the toolbar and every row's actions within reach.
    expect(await browser.$('rc-uploader').shadow$('.panel.is-collapsed').isExisting()).toBe(true);
    const covered = await controlsCoveredByExpandedList(browser, ['.rc-folder-actions button', '.rc-disk-table .rc-entry-actions button']);
    expect(covered, covered.join('; ')).toEqual([]);
    await browser.$('.rc-transfer-toggle').click();
    await browser.$('rc-uploader').shadow$('.panel').waitForExist({ reverse: true });
    await waitForRow('训练数据.bin');

    await row('训练数据.bin').$('.rc-rename').click();
    const rename = browser.$('.rc-rename-input input');
    await rename.waitForDisplayed();
    await rename.clearValue();
    await rename.setValue('data-v2.bin');
    await browser.$('.rc-rename-save').click();
    await waitForRow('data-v2.bin');

    await browser.$('.rc-new-folder').click();
    const folderName = browser.$('rc-dialogs .rc-new-folder-form input');
    await folderName.waitForDisplayed();
    await folderName.setValue('models');
    await browser.$('rc-dialogs .rc-new-folder-form .rc-dialog-submit').click();
    await waitForRow('models');

    await row('data-v2.bin').$('.rc-move').click();
    const target = browser.$('rc-dialogs').$('.rc-picker-folder*=models');
    await target.waitForDisplayed({ timeout: 20_000 });
    await target.click();
    await page.waitForText('rc-dialogs .rc-move-here', '移动到「models」');
    // models' own listing replaces the root's in the picker, which moves the button: it is clicked once that is drawn.
    await page.waitForText('rc-dialogs .rc-folder-picker', '这里没有子文件夹');
    await browser.$('rc-dialogs .rc-move-here').click();
    await waitForRow('data-v2.bin', true);

    await row('models').$('.rc-folder-link').click();
    await waitForRow('data-v2.bin');
    await recordFormPosts(browser);
    await row('data-v2.bin').$('.rc-download').click();
    const downloaded = path.join(downloads, 'data-v2.bin');
    await browser.waitUntil(() => existsSync(downloaded), { timeout: 20_000, timeoutMsg: 'data-v2.bin was not downloaded' });
    const [post] = await recordedFormPosts(browser);
    expect(post!.action).toMatch(/\/apis\/net-disk\/auth\/download$/);
    expect(post!.fields).toMatchObject({ path: expect.stringContaining('data-v2.bin'), token: expect.stringMatching(/^[\w-]{43}$/) });
    await browser.waitUntil(() => createHash('md5').update(readFileSync(downloaded)).digest('hex') === file.md5, {
      timeout: 20_000,
      timeoutMsg: 'the download differs from the upload',
    });

    await row('data-v2.bin').$('.rc-delete').click();
    await confirmDialog(browser, '删除');
    await waitForRow('data-v2.bin', true);
    await page.waitForText('.rc-disk-browser .rc-empty', '文件夹为空');

    await browser.$('.rc-trash-tab').click();
    const trashed = browser.$('.rc-trash-row*=data-v2.bin');
    await trashed.waitForDisplayed({ timeout: 20_000 });
    expect(await trashed.getText()).toContain('/models/data-v2.bin');
    await trashed.$('.rc-restore').click();
    await page.waitForText('.rc-trash .rc-empty', '回收站是空的');

    await browser.$('.rc-disk-views').$('a.item=文件').click();
    await row('models').$('.rc-folder-link').click();
    await waitForRow('data-v2.bin');
  });
});
