import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from './support/chromium';
import { apiCall, apiGet, browserToken } from './support/demo-session';
import type { PortalPage } from './support/portal-page';
import type { PortalServer } from './support/portal-server';
import { setUpPortalSuite } from './support/portal-suite';

let browser: Browser;
let page: PortalPage;
let server: PortalServer;
setUpPortalSuite({ signedIn: true }, (suite) => ({ browser, page, server } = suite));

// A 2×2 PNG (red, green / blue, white) and a one-page PDF, as a user's files would be.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC', 'base64');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const userId = () => browser.execute(() => (JSON.parse(localStorage.getItem('RcUserInfo') ?? '{}') as { id: number }).id);
const dialog = () => browser.$('rc-dialogs');
const previewOf = async (name: string) => {
  const link = browser.$(`button.rc-file-link[data-name="${name}"]`);
  await link.waitForClickable({ timeout: 20_000 });
  await link.click();
};
/** Closes the preview the way a user does, with its 关闭 button. */
async function closePreview() {
  await browser.waitUntil(
    () =>
      browser.execute(() => {
        const button = Array.from(
          document.querySelector('rc-dialogs')?.shadowRoot?.querySelectorAll<HTMLButtonElement>('button.action') ?? [],
        ).find((candidate) => candidate.textContent === '关闭');
        button?.click();
        return Boolean(button);
      }),
    { timeout: 20_000, timeoutMsg: 'no 关闭 button' },
  );
  await dialog().$('.rc-file-preview').waitForExist({ reverse: true, timeout: 20_000 });
}

function putInFileStorage(id: number, files: Record<string, string | Buffer>) {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(server.dataDir, 'file-storage', '1', String(id), relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

describe('file previews in the portal', () => {
  it('文件管理: opens text, Markdown, CSV, an image and a PDF; edits and saves a job script; resizes the folder tree', async () => {
    await page.open('/account/fileManage/fileList');
    await browser.$('.rc-file-manage-page').waitForDisplayed({ timeout: 30_000 });
    const id = await userId();
    putInFileStorage(id, {
      'run.sh': '#!/bin/bash\n#SBATCH -N 1\necho 开始训练\n',
      'README.md': '# 实验说明\n\n运行 `run.sh` 开始训练。\n\n<img src=x onerror="document.title=\'xss\'">\n',
      'results.csv': 'epoch,loss,"备注"\n1,0.92,"第一轮, 预热"\n2,0.51,\n',
      'cat.png': png,
      'report.pdf': pdf,
    });
    await page.open('/account/fileManage/fileList');

    await previewOf('run.sh');
    await page.waitForText('rc-dialogs .rc-preview-text', 'echo 开始训练');
    await dialog().$('.rc-preview-edit').click();
    const editor = dialog().$('.rc-preview-textarea');
    await editor.waitForDisplayed();
    await editor.clearValue();
    await editor.setValue('#!/bin/bash\n#SBATCH -N 2\necho 改好了\n');
    await dialog().$('.rc-preview-save').click();
    await page.waitForText('rc-dialogs .rc-preview-text', 'echo 改好了');
    expect(readFileSync(path.join(server.dataDir, 'file-storage', '1', String(id), 'run.sh'), 'utf8')).toBe(
      '#!/bin/bash\n#SBATCH -N 2\necho 改好了\n',
    );
    await closePreview();

    await previewOf('README.md');
    await page.waitForText('rc-dialogs .rc-preview-markdown h1', '实验说明');
    expect(await dialog().$('.rc-preview-markdown code').getText()).toBe('run.sh');
    expect(await dialog().$('.rc-preview-markdown img').isExisting()).toBe(false);
    expect(await browser.getTitle()).not.toBe('xss');
    await closePreview();

    await previewOf('results.csv');
    await page.waitForText('rc-dialogs .rc-preview-table', '第一轮, 预热');
    expect(await dialog().$$('.rc-preview-table tbody tr').length).toBe(2);
    expect(await dialog().$('.rc-preview-table thead').getText()).toContain('备注');
    await closePreview();

    await previewOf('cat.png');
    const image = dialog().$('img.rc-preview-image');
    await image.waitForDisplayed({ timeout: 15_000 });
    await browser.waitUntil(async () => (await image.getProperty('naturalWidth')) === 2, {
      timeout: 20_000,
      timeoutMsg: 'the image did not load from its blob: URL',
    });
    await closePreview();

    await previewOf('report.pdf');
    const frame = dialog().$('iframe.rc-preview-pdf');
    await frame.waitForExist({ timeout: 15_000 });
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await closePreview();

    // The split pane: the gutter moves with the arrow keys and snaps to the 100 px minimum when dragged near it.
    const gutter = browser.$('.rc-split-gutter');
    expect(await gutter.getAttribute('aria-valuenow')).toBe('220');
    await gutter.click();
    await browser.keys(['ArrowRight', 'ArrowRight']);
    expect(await gutter.getAttribute('aria-valuenow')).toBe('240');
    const pane = await browser.$('.rc-split').getLocation();
    const size = await gutter.getSize();
    const at = await gutter.getLocation();
    await browser
      .action('pointer')
      .move({ x: Math.round(at.x + size.width / 2), y: Math.round(at.y + 40) })
      .down()
      .move({ x: Math.round(pane.x + 120), y: Math.round(at.y + 40) })
      .up()
      .perform();
    await browser.waitUntil(async () => (await gutter.getAttribute('aria-valuenow')) === '100', {
      timeout: 5000,
      timeoutMsg: 'the folder tree did not snap to 100 px',
    });
    expect((await browser.$('.rc-split-pane').getSize()).width).toBe(100);
  });

  it('网盘 and 云盘: open a file from the list and save an edit', async () => {
    const token = await browserToken(browser);
    const id = await userId();
    const { regions } = await apiGet<{ regions: { regionCode: string }[] }>(server.url, '/net-disk/auth/get', token);
    const netRegion = regions[0]!.regionCode;
    await apiCall(server.url, '/net-disk/auth/activation', { regionCode: netRegion, sizeGb: 20 }, token);
    const netFolder = path.join(server.dataDir, 'net-disks', String(id), netRegion);
    mkdirSync(netFolder, { recursive: true });
    writeFileSync(path.join(netFolder, 'train.log'), 'step 1 loss 0.9\nstep 2 loss 0.7\n');

    await page.open('/account/netDisk');
    await previewOf('train.log');
    await page.waitForText('rc-dialogs .rc-preview-text', 'step 2 loss 0.7');
    await closePreview();

    const [cloudRegion] = await apiGet<{ regionCode: string }[]>(server.url, '/node/auth/region/list-enable', token);
    await apiCall(server.url, '/cloud-net-disk/auth/activation', { regionCode: cloudRegion!.regionCode }, token);
    const config = Buffer.from('port: 8080\n');
    const presigned = await apiCall<{ url: string }>(
      server.url,
      '/cloud-net-disk/auth/single-presigned',
      { regionCode: cloudRegion!.regionCode, prefix: '', fileName: 'app.yaml', fileSize: config.length },
      token,
    );
    const put = await fetch(presigned.url.startsWith('http') ? presigned.url : server.url + presigned.url, { method: 'PUT', body: config });
    expect(put.ok).toBe(true);

    await page.open('/account/fileDisk');
    await previewOf('app.yaml');
    await page.waitForText('rc-dialogs .rc-preview-text', 'port: 8080');
    await dialog().$('.rc-preview-edit').click();
    const editor = dialog().$('.rc-preview-textarea');
    await editor.waitForDisplayed();
    await editor.clearValue();
    await editor.setValue('port: 9090\n');
    await dialog().$('.rc-preview-save').click();
    await page.waitForText('rc-dialogs .rc-preview-text', 'port: 9090');
    await closePreview();
  });
});
