import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, type Browser } from './support/chromium';
import { logInDemoUser } from './support/demo-session';
import { confirmDialog } from './support/rc-dialogs';
import { storedMd5, storedPath } from './support/upload-server';
import { controlsCoveredByExpandedList, generatedFile } from './support/uploader';
import { ServerProcess } from '../api-server/src/test-support/server-process';

let browser: Browser;
let closeBrowser: () => Promise<void>;
let server: ServerProcess;
let userId: number;
const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-file-manage-'));

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await openChromium({ downloadDir: downloads }));
  server = await ServerProcess.start();
  const session = await logInDemoUser(server.url);
  userId = session.userId;
  await browser.url(`${server.url}/null`);
  await browser.execute((value) => localStorage.setItem('RC_WEB_TOKEN', value), JSON.stringify(session.token));
});
afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

const row = (name: string) => browser.$('.rc-rows').$(`.rc-row*=${name}`);
const listed = (name: string) =>
  browser.execute(
    (wanted) => Array.from(document.querySelectorAll('.rc-rows .rc-row .rc-name')).some((cell) => cell.textContent === wanted),
    name,
  );

describe('file management (HPC file storage) in the portal', () => {
  it('makes a folder, uploads into it, renames, moves, downloads, deletes to the trash and restores', async () => {
    await browser.url(`${server.url}/account/fileManage/fileList`);
    await browser.$('.rc-file-manage-page').waitForDisplayed({ timeout: 30_000 });

    await browser.$('button=新建文件夹').click();
    const nameInput = browser.$('rc-dialogs form input');
    await nameInput.waitForDisplayed();
    await nameInput.setValue('实验数据');
    await browser.$('rc-dialogs').$('button=创建').click();
    await row('实验数据').waitForDisplayed({ timeout: 20_000 });

    const file = generatedFile('weights.bin', 3);
    await browser.$('.rc-file-manage-page .rc-file-picker').addValue(file.path);
    await row('weights.bin').waitForDisplayed({ timeout: 60_000 });
    expect(storedMd5(server, userId, 'weights.bin')).toBe(file.md5);
    // Expanded, the transfer list leaves the toolbar and every row's buttons within reach; then close it, as a user would.
    const covered = await controlsCoveredByExpandedList(browser, ['.rc-file-main .rc-file-toolbar button', '.rc-rows .rc-row button']);
    expect(covered, covered.join('; ')).toEqual([]);
    const panel = browser.$('rc-uploader').shadow$('.panel');
    if (await panel.isExisting()) {
      await browser.$('.rc-transfer-toggle').click();
      await panel.waitForExist({ reverse: true });
    }

    await row('weights.bin').$('button=重命名').click();
    const renameInput = browser.$('.rc-rows .rc-name input');
    await renameInput.waitForDisplayed();
    await renameInput.setValue('模型 权重.bin');
    await browser.keys('Enter');
    await row('模型 权重.bin').waitForDisplayed({ timeout: 20_000 });

    await row('模型 权重.bin').$('.checkbox').click();
    await browser.$('button=移动').click();
    await browser.$('rc-dialogs .rc-folder-picker').$('div.item*=实验数据').click();
    await browser.$('rc-dialogs').$('button=移动到「实验数据」').click();
    await browser.waitUntil(async () => !(await listed('模型 权重.bin')), {
      timeout: 20_000,
      timeoutMsg: 'the moved file is still listed',
    });
    expect(storedMd5(server, userId, '实验数据/模型 权重.bin')).toBe(file.md5);

    await row('实验数据').$('button.rc-folder-link').click();
    await row('模型 权重.bin').waitForDisplayed({ timeout: 20_000 });
    await row('模型 权重.bin').$('button=下载').click();
    const downloaded = path.join(downloads, '模型 权重.bin');
    await browser.waitUntil(() => existsSync(downloaded) && createHash('md5').update(readFileSync(downloaded)).digest('hex') === file.md5, {
      timeout: 20_000,
      timeoutMsg: 'the download is missing or differs',
    });

    await row('模型 权重.bin').$('.checkbox').click();
    await browser.$('button=删除').click();
    await confirmDialog(browser, '删除');
    await browser.waitUntil(async () => !(await listed('模型 权重.bin')), {
      timeout: 20_000,
      timeoutMsg: 'the deleted file is still listed',
    });
    expect(existsSync(storedPath(server, userId, '实验数据/模型 权重.bin'))).toBe(false);

    await browser.$('button=回收站').click();
    const trashRow = browser.$('.rc-trash-table').$('tr*=实验数据/模型 权重.bin');
    await trashRow.waitForDisplayed({ timeout: 20_000 });
    await trashRow.$('button=恢复').click();
    await browser.waitUntil(() => existsSync(storedPath(server, userId, '实验数据/模型 权重.bin')), {
      timeout: 20_000,
      timeoutMsg: 'the restored file is not back',
    });
    expect(storedMd5(server, userId, '实验数据/模型 权重.bin')).toBe(file.md5);
  });
});
