// Portal first visit, measured in headless Chromium against the real server and dist/web.
// Prints figures; it is not a test. Run `npm run build` first.
//   node bench/portal-first-visit.mjs [--routes /account/instanceManage,/account/netDisk,/account/recharge]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { remote } from 'webdriverio';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'dist/web');
const { values } = parseArgs({
  options: { routes: { type: 'string', default: '/account/instanceManage,/account/netDisk,/account/recharge' } },
});
const routes = values.routes.split(',');
const demoUser = { mobile: '13800000001', password: 'Demo@2026' };
const targets = { totalKb: 250, appKb: 40 };

if (!existsSync(path.join(webRoot, 'importmap.json'))) {
  console.error('dist/web is missing: run `npm run build` first');
  process.exit(2);
}
const importMap = JSON.parse(readFileSync(path.join(webRoot, 'importmap.json'), 'utf8')).imports;
const moduleByUrl = new Map(Object.entries(importMap).map(([name, url]) => [url, name]));

const freePort = () =>
  new Promise((resolve, reject) => {
    const tryPort = (port) => {
      if (port > 18199) return reject(new Error('no free port in 18100-18199'));
      const probe = createServer().once('error', () => tryPort(port + 1));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
    };
    tryPort(18120);
  });

async function startServer(port, dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: webRoot },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/importmap.json`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not answer within 60 s: ${stderr}`);
}

const gzipBytes = (url) => {
  const file = path.join(webRoot, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : null;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

// Resolves after the network has been quiet for `quietMs` (no new resource timing entries).
const waitForQuiet = (browser, quietMs = 500) =>
  browser.executeAsync((quiet, done) => {
    let seen = -1;
    const poll = () => {
      const count = performance.getEntriesByType('resource').length;
      if (count === seen) return done(count);
      seen = count;
      setTimeout(poll, quiet);
    };
    poll();
  }, quietMs);

// Navigates inside the single-spa page and resolves once the route's apps are mounted.
const navigate = (browser, route) =>
  browser.executeAsync((to, done) => {
    const started = performance.now();
    window.addEventListener(
      'single-spa:routing-event',
      () => requestAnimationFrame(() => requestAnimationFrame(async () => {
        const { getMountedApps } = await System.import('single-spa');
        done({ ms: performance.now() - started, mounted: getMountedApps(), path: location.pathname });
      })),
      { once: true },
    );
    window.singleSpaNavigate(to);
  }, route);

const port = await freePort();
const scratch = mkdtempSync(path.join(tmpdir(), 'rc-bench-'));
const server = await startServer(port, path.join(scratch, 'data'));
const origin = `http://127.0.0.1:${port}`;
let browser;
try {
  browser = await remote({
    logLevel: 'error',
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: [
          '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
          '--window-size=1280,900', `--user-data-dir=${path.join(scratch, 'profile')}`,
        ],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  });

  await browser.url(`${origin}/`);
  await waitForQuiet(browser);
  const firstVisit = await browser.execute(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, transfer: e.transferSize })),
  }));
  const firstJs = firstVisit.resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));

  const login = await browser.executeAsync(async (user, done) => {
    const response = await fetch('/apis/user/api/user/login/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    }).then((r) => r.json());
    if (response.code !== 200) return done(`login failed: ${response.msg}`);
    const utility = await System.import('@rc/shared-utility');
    utility.loginWith(response.data);
    done('ok');
  }, demoUser);

  const visits = [];
  for (const route of routes) visits.push({ route, ...(await navigate(browser, route)) });
  await waitForQuiet(browser);
  const switchBack = { route: routes[0], ...(await navigate(browser, routes[0])) };

  const allResources = await browser.execute(() =>
    performance.getEntriesByType('resource').map((e) => ({ name: e.name, transfer: e.transferSize })),
  );
  const fetchCount = (moduleName) => allResources.filter((r) => moduleByUrl.get(new URL(r.name).pathname) === moduleName).length;

  console.log(`portal first visit — ${origin}/ in Chromium (empty cache)\n`);
  console.log('JS fetched for /                  gzip KB  over the wire KB');
  let total = 0;
  for (const r of firstJs) {
    const pathname = new URL(r.name).pathname;
    const gz = gzipBytes(r.name) ?? 0;
    total += gz;
    console.log(`  ${(moduleByUrl.get(pathname) ?? path.basename(pathname)).padEnd(32)} ${kb(gz).padStart(7)}  ${kb(r.transfer).padStart(8)}`);
  }
  console.log(`  ${'total'.padEnd(32)} ${kb(total).padStart(7)}   (target ≤ ${targets.totalKb} KB: ${total <= targets.totalKb * 1024 ? 'met' : 'MISSED'})`);
  const css = firstVisit.resources.filter((r) => r.name.endsWith('.css'));
  for (const r of css) console.log(`  stylesheet ${path.basename(r.name)}: ${kb(gzipBytes(r.name))} KB gzip`);

  console.log('\nmicro-apps (gzip KB, target ≤ 40 each)');
  for (const [name, url] of Object.entries(importMap).filter(([name]) => name.startsWith('@rc/mf-'))) {
    const gz = gzipBytes(`${origin}${url}`);
    console.log(`  ${name.padEnd(26)} ${kb(gz).padStart(7)}  ${gz <= targets.appKb * 1024 ? 'met' : 'MISSED'}`);
  }

  console.log(`\nfirst contentful paint:        ${firstVisit.fcp === null ? 'none (nothing painted)' : `${firstVisit.fcp.toFixed(0)} ms`}`);
  console.log(`DOMContentLoaded:              ${firstVisit.domContentLoaded.toFixed(0)} ms`);
  console.log(`demo login:                    ${login}`);
  for (const visit of visits) {
    console.log(`visit ${visit.route.padEnd(24)} ${visit.ms.toFixed(0).padStart(5)} ms  mounted: ${visit.mounted.join(', ') || '-'}${visit.path !== visit.route ? `  (ended at ${visit.path})` : ''}`);
  }
  console.log(`switch back to ${switchBack.route.padEnd(15)} ${switchBack.ms.toFixed(0).padStart(5)} ms  mounted: ${switchBack.mounted.join(', ') || '-'}  (app already loaded)`);
  console.log(`\nReact fetched ${fetchCount('react')}×, react-dom ${fetchCount('react-dom')}× across / and ${routes.length} app routes`);
} finally {
  await browser?.deleteSession();
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
