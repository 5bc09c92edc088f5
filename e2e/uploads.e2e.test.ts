import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, type Browser } from './support/chromium';
import { logInDemoUser } from './support/demo-session';
import { ServerProcess } from '../api-server/src/test-support/server-process';
import { storedMd5, storedPath } from './support/upload-server';
import { generatedFile, uploaderOn } from './support/uploader';

let browser: Browser;
let closeBrowser: () => Promise<void>;

const downloads = mkdtempSync(path.join(tmpdir(), 'rc-e2e-downloads-'));

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await openChromium({ downloadDir: downloads }));
});
afterAll(async () => {
  await closeBrowser?.();
});

/** Signs in like the portal does, opens an account page and the header's transfer list. */
async function openTransferList(server: ServerProcess, token: string): Promise<void> {
  await browser.url(`${server.url}/null`);
  await browser.execute((value) => localStorage.setItem('RC_WEB_TOKEN', value), JSON.stringify(token));
  await browser.url(`${server.url}/account/home`);
  const toggle = browser.$('.rc-transfer-toggle');
  await toggle.waitForClickable({ timeout: 20_000 });
  await toggle.click();
  await browser.$('rc-uploader').shadow$('.panel').waitForDisplayed({ timeout: 20_000 });
}

/** Upload bandwidth of the page (bytes/s); 0 lifts the limit. */
async function limitUpload(bytesPerSecond: number): Promise<void> {
  const limit = bytesPerSecond || -1;
  await browser.setNetworkConditions({ offline: false, latency: 0, download_throughput: -1, upload_throughput: limit });
}

const chunkRequests = () =>
  browser.execute(
    () => performance.getEntriesByType('resource').filter((entry) => /\/file\/chunk$/.test(new URL(entry.name).pathname)).length,
  );

describe('uploads from the portal against the real server', () => {
  let server: ServerProcess;
  let userId: number;
  let token: string;
  const uploader = () => uploaderOn(browser);

  beforeAll(async () => {
    server = await ServerProcess.start();
    ({ token, userId } = await logInDemoUser(server.url));
    await openTransferList(server, token);
  });
  afterAll(async () => {
    await limitUpload(0).catch(() => undefined);
    await server?.stop();
  });

  it('uploads a generated 50 MB file; the stored file has the same MD5', async () => {
    const file = generatedFile('fifty.bin', 50);
    await uploader().pick(file.path);
    const done = await uploader().waitFor('fifty.bin', (view) => view.status === 'success', 90_000, 'success');
    expect(done.label).toBe('上传成功');
    expect(done.progress).toBe(100);
    expect(storedMd5(server, userId, 'fifty.bin')).toBe(file.md5);
  });

  it('completes at once, without sending chunks, when the same content is already stored (秒传)', async () => {
    const file = generatedFile('instant-a.bin', 12);
    await uploader().pick(file.path);
    await uploader().waitFor('instant-a.bin', (view) => view.status === 'success');
    const copy = generatedFile('instant-b.bin', 0);
    copyFileSync(file.path, copy.path);
    const before = await chunkRequests();
    await uploader().pick(copy.path);
    await uploader().waitFor('instant-b.bin', (view) => view.status === 'success');
    expect(await chunkRequests()).toBe(before);
    expect(storedMd5(server, userId, 'instant-b.bin')).toBe(file.md5);
  });

  it('the upload page (mf-storage) uploads into a new folder through the shared queue, downloads the file and deletes the folder', async () => {
    const file = generatedFile('report.bin', 6);
    await browser.url(`${server.url}/account/upload`);
    await browser.$('.rc-upload-page').waitForDisplayed({ timeout: 20_000 });
    await browser.$('button=新建文件夹').click();
    const nameInput = browser.$('rc-dialogs form input');
    await nameInput.waitForDisplayed();
    await nameInput.setValue('季度报告');
    await browser.$('rc-dialogs').$('button=创建并进入').click();
    const current = browser.$('.rc-upload-page .breadcrumb .active.section');
    await browser.waitUntil(async () => (await current.getText()) === '季度报告', { timeoutMsg: 'the new folder did not open' });

    await browser.$('.rc-file-picker').addValue(file.path);
    // Started by mf-storage, shown in the page's own 700×378 queue (spec §9), the shared queue's inline view.
    const inlineQueue = uploaderOn(browser, '.rc-upload-page rc-uploader');
    await inlineQueue.waitFor('report.bin', (view) => view.status === 'success', 60_000, 'success');
    const queueSize = await browser.execute(() => {
      const panel = document.querySelector('.rc-upload-page rc-uploader')!.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
      return [panel.width, panel.height];
    });
    expect(queueSize).toEqual([700, 378]);
    const fileRow = browser.$('.rc-file-row*=report.bin');
    await fileRow.waitForDisplayed({ timeout: 20_000 });
    expect(storedMd5(server, userId, '季度报告/report.bin')).toBe(file.md5);

    // With the queue in the page, a new upload leaves the floating list closed: nothing covers the rows' buttons.
    expect(await browser.$('#rc-uploader-slot rc-uploader').shadow$('.panel').isExisting()).toBe(false);
    await fileRow.$('button=下载').click();
    const downloaded = path.join(downloads, 'report.bin');
    await browser.waitUntil(() => existsSync(downloaded), { timeout: 20_000, timeoutMsg: 'report.bin was not downloaded' });
    await browser.waitUntil(() => createHash('md5').update(readFileSync(downloaded)).digest('hex') === file.md5, {
      timeout: 20_000,
      timeoutMsg: 'the download differs',
    });

    await browser.$('.rc-upload-page .breadcrumb').$('a=全部文件').click();
    const folderRow = browser.$('.rc-folder-row*=季度报告');
    await folderRow.waitForDisplayed({ timeout: 20_000 });

    await folderRow.$('button=删除').click();
    const confirm = browser.$('rc-dialogs').shadow$('.action.danger');
    await confirm.waitForClickable();
    await confirm.click();
    const folderListed = () =>
      browser.execute(() => Array.from(document.querySelectorAll('.rc-folder-row')).some((row) => row.textContent?.includes('季度报告')));
    await browser.waitUntil(async () => !(await folderListed()), { timeout: 20_000, timeoutMsg: 'the deleted folder is still listed' });
    expect(existsSync(storedPath(server, userId, '季度报告/report.bin'))).toBe(false);
    // The header's toggle still opens the floating list (collapsed) beside the page's own.
    await browser.$('.rc-transfer-toggle').click();
    await browser.$('#rc-uploader-slot rc-uploader').shadow$('.panel.is-collapsed').waitForDisplayed();
  });

  it('the upload speed test measures the way the uploader sends and stores nothing', async () => {
    const usedBefore = await fetch(`${server.url}/apis/orion/auth/file/userDirs/used`, { method: 'POST', headers: { token } }).then((r) =>
      r.json(),
    );
    await browser.$('.rc-upload-links').$('button=上传测速').click();
    const start = browser.$('.rc-speed-test').$('button=开始测试');
    await start.waitForClickable({ timeout: 20_000 });
    await start.click();
    const speed = browser.$('.rc-upload-speed');
    await speed.waitForDisplayed({ timeout: 30_000 });
    expect(await speed.getText()).toMatch(/^\d+(\.\d+)? (KB|MB|GB)\/s$/);
    const usedAfter = await fetch(`${server.url}/apis/orion/auth/file/userDirs/used`, { method: 'POST', headers: { token } }).then((r) =>
      r.json(),
    );
    expect(usedAfter.data).toEqual(usedBefore.data);
  });

  it('pauses (no progress while paused) and resumes to the same MD5', async () => {
    const file = generatedFile('pausable.bin', 30);
    await limitUpload(4 * 1024 * 1024);
    await uploader().pick(file.path);
    await uploader().waitFor('pausable.bin', (view) => view.status === 'uploading' && view.progress > 0, 60_000, 'some progress');
    await uploader().click('pausable.bin', '暂停');
    const paused = await uploader().waitFor('pausable.bin', (view) => view.status === 'paused');
    expect(paused.label).toBe('已暂停');
    await browser.pause(1500);
    expect((await uploader().item('pausable.bin'))!.progress).toBe(paused.progress);
    await limitUpload(0);
    await uploader().click('pausable.bin', '继续');
    await uploader().waitFor('pausable.bin', (view) => view.status === 'success', 60_000, 'success');
    expect(storedMd5(server, userId, 'pausable.bin')).toBe(file.md5);
  });

  it('cancel removes the item and nothing is stored', async () => {
    const file = generatedFile('cancelled.bin', 30);
    await limitUpload(4 * 1024 * 1024);
    await uploader().pick(file.path);
    await uploader().waitFor('cancelled.bin', (view) => view.status === 'uploading');
    await uploader().click('cancelled.bin', '取消');
    await browser.waitUntil(async () => !(await uploader().item('cancelled.bin')), { timeout: 5_000 });
    await limitUpload(0);
    expect(() => storedMd5(server, userId, 'cancelled.bin')).toThrow();
  });

  it('resumes after the server is SIGKILLed mid-upload and restarted, to an identical MD5', async () => {
    const file = generatedFile('crash.bin', 40);
    await limitUpload(6 * 1024 * 1024);
    await uploader().pick(file.path);
    await uploader().waitFor('crash.bin', (view) => view.status === 'uploading' && view.progress >= 20, 60_000, 'progress ≥ 20%');
    await server.kill();
    await expect(fetch(`${server.apiBase}/system/api/health`)).rejects.toThrow();
    await server.launch();
    await limitUpload(0);
    const settled = await uploader().waitFor(
      'crash.bin',
      (view) => view.status === 'success' || view.status === 'error',
      60_000,
      'an outcome',
    );
    if (settled.status === 'error') await uploader().click('crash.bin', '重试');
    await uploader().waitFor('crash.bin', (view) => view.status === 'success', 60_000, 'success');
    expect(storedMd5(server, userId, 'crash.bin')).toBe(file.md5);
  });

  it('after a reload shows the unfinished upload, and the same file picked again sends only the missing chunks', async () => {
    const file = generatedFile('reloaded.bin', 40);
    await limitUpload(6 * 1024 * 1024);
    await uploader().pick(file.path);
    await uploader().waitFor('reloaded.bin', (view) => view.status === 'uploading' && view.progress >= 25, 60_000, 'progress ≥ 25%');
    await browser.refresh();
    await limitUpload(0);
    await browser.$('.rc-transfer-toggle').waitForClickable({ timeout: 20_000 });
    await browser.$('.rc-transfer-toggle').click();
    const restored = await uploader().waitFor('reloaded.bin', (view) => view.status === 'paused', 30_000, 'restored as paused');
    expect(restored.label).toBe('已暂停');
    expect(restored.progress).toBeGreaterThanOrEqual(25);
    await uploader().pickAgain('reloaded.bin', file.path);
    await uploader().waitFor('reloaded.bin', (view) => view.status === 'success', 60_000, 'success');
    expect(await chunkRequests()).toBeLessThan(8);
    expect(storedMd5(server, userId, 'reloaded.bin')).toBe(file.md5);
  });

  it('opens a confirmation through <rc-dialogs> in front of the page and answers it', async () => {
    await browser.url(`${server.url}/account/home`);
    await browser.$('rc-dialogs').waitForExist({ timeout: 20_000 });
    await browser.execute(() => {
      const system = (window as unknown as { System: { import(name: string): Promise<any> } }).System;
      void system.import('@rc/shared-utility').then((shared) =>
        shared.dialogs
          .confirm({ title: '释放实例', content: '释放后数据不可恢复', confirmText: '释放', danger: true })
          .then((answer: boolean) => {
            (window as unknown as { answer: boolean }).answer = answer;
          }),
      );
    });
    const frame = browser.$('rc-dialogs').shadow$('[role="dialog"]');
    await frame.waitForDisplayed({ timeout: 20_000 });
    expect(await frame.getAttribute('aria-label')).toBe('释放实例');
    expect(await frame.getCSSProperty('z-index').then((p) => p.value)).toBe(1000);
    expect(await browser.execute(() => JSON.parse(localStorage.getItem('vuex_dialog') ?? '[]').length)).toBe(1);
    await browser.$('rc-dialogs').shadow$('.action.danger').click();
    await browser.waitUntil(() => browser.execute(() => (window as unknown as { answer?: boolean }).answer === true), { timeout: 5_000 });
    expect(await browser.$('rc-dialogs').shadow$('[role="dialog"]').isExisting()).toBe(false);
  });

  it('the legacy page uploads with its one script tag, next to its own React 16 and global styles', async () => {
    await browser.url(`${server.url}/examples/legacy-page.html`);
    await browser.$('#legacy-login button').click();
    await browser.waitUntil(async () => (await browser.$('#legacy-login-state').getText()) === '已登录', { timeout: 20_000 });
    const file = generatedFile('legacy.bin', 8);
    await uploaderOn(browser, '#uploader').pick(file.path);
    await browser.$('[data-event="upload:done"]').waitForExist({ timeout: 30_000 });
    expect(await browser.$('[data-event="upload:done"]').getText()).toContain(`legacy/legacy.bin (${file.md5})`);
    expect(storedMd5(server, userId, 'legacy/legacy.bin')).toBe(file.md5);
    const isolation = await browser.execute(() => {
      const root = document.querySelector('#uploader')!.shadowRoot!;
      const pageButton = getComputedStyle(document.querySelector('#legacy-login button')!).backgroundColor;
      return {
        react: (window as unknown as { React: { version: string } }).React.version,
        pageButton,
        uploaderButton: getComputedStyle(root.querySelector('.button.primary')!).backgroundColor,
        panelShown: getComputedStyle(root.querySelector('.panel')!).display !== 'none',
        leakedStyles: Array.from(document.querySelectorAll('style')).filter((style) => style.textContent?.includes('.bar >')).length,
      };
    });
    expect(isolation).toEqual({
      react: '16.14.0',
      pageButton: 'rgb(255, 105, 180)',
      uploaderButton: 'rgb(37, 99, 235)',
      panelShown: true,
      leakedStyles: 0,
    });
  });
});

describe('a server that drops a fifth of chunk requests', () => {
  let server: ServerProcess;
  afterAll(() => server?.stop());

  it('still completes the upload with the same MD5 (retries with back-off)', async () => {
    server = await ServerProcess.start({ env: { FAULT_DROP_CHUNK_RATIO: '0.2' } });
    const { token, userId } = await logInDemoUser(server.url);
    await openTransferList(server, token);
    const file = generatedFile('lossy.bin', 30);
    await uploaderOn(browser).pick(file.path);
    await uploaderOn(browser).waitFor('lossy.bin', (view) => view.status === 'success', 90_000, 'success');
    expect(storedMd5(server, userId, 'lossy.bin')).toBe(file.md5);
  });
});
