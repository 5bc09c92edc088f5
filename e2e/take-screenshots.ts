// `npx tsx e2e/take-screenshots.ts [outDir]`: home, login, register, the user agreement and privacy policy, /account/home,
// messages, uploads, the personal centre, the ID card images (one uploaded), /account/instance, the speed test, and the
// transfer list with a confirmation dialog over it, in light and dark,
// taken against a fresh real server, for looking at before calling a visual change done.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openChromium } from './support/chromium';
import { signInThroughApi } from './support/demo-session';
import { pngFile } from './support/png-file';
import { repoRoot, startPortalServer } from './support/portal-server';

const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '.tmp/screenshots'));
mkdirSync(outDir, { recursive: true });

const server = await startPortalServer();
const { browser, close } = await openChromium();
try {
  for (const theme of ['theme_light', 'theme_dark'] as const) {
    await browser.url(`${server.url}/login`);
    await browser.execute((value) => localStorage.setItem('theme', value), JSON.stringify(theme));
    for (const [name, url] of [
      ['home', '/'],
      ['login', '/login'],
      ['register', '/register'],
      ['agreement', '/agreement'],
      ['privacy', '/privacy'],
    ] as const) {
      await browser.url(server.url + url);
      await browser.pause(1500);
      await browser.saveScreenshot(path.join(outDir, `${name}-${theme}.png`));
    }
    await signInThroughApi(browser, server.url);
    if (theme === 'theme_light') {
      await browser.url(`${server.url}/account/realAuth/credential`);
      await browser.$('input[name="id-card-front"]').waitForExist({ timeout: 20_000 });
      await browser.$('input[name="id-card-front"]').addValue(pngFile('身份证人像面.png', 428, 270, [47, 107, 255]));
      await browser.$('.rc-id-card[data-side="front"] img').waitForDisplayed({ timeout: 30_000 });
      await browser.execute(async () => {
        const shared = await (window as unknown as { System: { import(name: string): Promise<any> } }).System.import('@rc/shared-utility');
        shared.$uploadListShow.set(false);
      });
    }
    for (const [name, url] of [
      ['account-home', '/account/home'],
      ['account-message', '/account/message'],
      ['account-upload', '/account/upload'],
      ['account-personal', '/account/personal'],
      ['account-credential', '/account/realAuth/credential'],
      ['account-instance', '/account/instance'],
    ] as const) {
      await browser.url(server.url + url);
      await browser.pause(1500);
      await browser.saveScreenshot(path.join(outDir, `${name}-${theme}.png`));
    }
    await browser.url(`${server.url}/account/upload/test`);
    await browser.$('button=开始测试').waitForClickable({ timeout: 20_000 });
    await browser.$('button=开始测试').click();
    await browser.$('.rc-upload-speed').waitForDisplayed({ timeout: 30_000 });
    await browser.saveScreenshot(path.join(outDir, `upload-speed-test-${theme}.png`));
    await browser.execute(async () => {
      const shared = await (window as unknown as { System: { import(name: string): Promise<any> } }).System.import('@rc/shared-utility');
      shared.$uploadListShow.set(true);
      void shared.dialogs.confirm({ title: '释放实例', content: '释放后数据不可恢复，确定释放吗？', confirmText: '释放', danger: true });
    });
    await browser.pause(800);
    await browser.saveScreenshot(path.join(outDir, `uploader-and-dialog-${theme}.png`));
    await browser.execute(() => localStorage.clear());
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await close();
  await server.stop();
}
