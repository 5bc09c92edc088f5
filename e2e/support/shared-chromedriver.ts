import { spawn } from 'node:child_process';
import { freePort } from './free-port';

/** Where openChromium (support/chromium.ts) finds the run's chromedriver: `host:port`. */
export const chromedriverVariable = 'RC_E2E_CHROMEDRIVER';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Vitest global setup: one chromedriver for the whole run, which every journey file's sessions go through (each session
 * still starts its own Chromium on a fresh profile). Started per session by webdriverio, it cost every file a chromedriver
 * start and a `chromium --version` run before the browser itself (about 1 s of a loaded machine's time per file).
 */
export default async function startSharedChromedriver(): Promise<() => Promise<void>> {
  const port = await freePort(18280, 18299);
  const driver = spawn('/usr/bin/chromedriver', [`--port=${port}`, '--allowed-ips=127.0.0.1'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => driver.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await answers(`http://127.0.0.1:${port}/status`))) {
    if (driver.exitCode !== null) throw new Error(`chromedriver exited with code ${driver.exitCode}`);
    if (Date.now() > deadline) {
      driver.kill();
      throw new Error('chromedriver did not answer within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.env[chromedriverVariable] = `127.0.0.1:${port}`;
  return async () => {
    if (driver.exitCode === null) driver.kill();
    await exited;
  };
}
