// Portal first visit, measured in headless Chromium against the real server and dist/web.
// Prints figures; it is not a test. Run `npm run build` first.
//   node bench/portal-first-visit.mjs [--runs 3] [--routes /account/instanceManage,/account/netDisk,/account/recharge,/blog,/resource]
// WEB_ROOT=<folder> measures another build (a copy of an older dist/web). Each run uses a fresh browser
// profile; timings are the median over the runs. Every run also loads a static page (no script, one
// short text, written into the web root for the run) from the same server, so the portal's first
// contentful paint is compared with a static page's in the same conditions.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { remote } from 'webdriverio';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.resolve(process.env.WEB_ROOT ?? path.join(repoRoot, 'dist/web'));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string', default: '/account/instanceManage,/account/netDisk,/account/recharge,/blog,/resource' },
  },
});
const routes = values.routes.split(',');
const demoUser = { mobile: '13800000001', password: 'Demo@2026' };
const targets = { totalKb: 250, appKb: 40, fcpRatio: 1.5, signedInKb: 250, signedInApiCalls: 12 };
const staticPage = { path: '/bench-static-page.html', file: path.join(webRoot, 'bench-static-page.html') };
const staticHtml = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8" /><title>算力云</title></head>
<body style="margin:0;font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',system-ui,sans-serif">
<h1>算力云</h1><p>GPU 算力租用，按量计费。</p></body></html>
`;

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
    env: { ...process.env, PORT: String(port), SSH_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: webRoot },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/importmap.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not answer within 180 s: ${stderr}`);
}

const fileOf = (url) => path.join(webRoot, new URL(url).pathname);
const rawBytes = (url) => (existsSync(fileOf(url)) ? statSync(fileOf(url)).size : 0);
const gzipBytes = (url) => {
  const file = fileOf(url);
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

// What the page fetched, less the micro-apps the root config asked the browser to prefetch once idle (spec §9): those
// are for the next page, fetched at the lowest priority after this one is drawn.
const fetchedForThePage = (browser) =>
  browser.execute(() => {
    const prefetched = [...document.querySelectorAll('link[rel=prefetch]')].map((link) => link.href);
    const resources = performance.getEntriesByType('resource').map((e) => ({ name: e.name, transfer: e.transferSize }));
    return { resources: resources.filter((r) => !prefetched.includes(r.name)), prefetched };
  });

// Navigates inside the single-spa page and resolves once the route's apps are mounted and its screen's code has arrived
// (no lazy screen still shows its loader), timed from the navigation. With `restMs`, the pointer first rests that long
// on a link to the route, as a user's does between reaching a menu entry and clicking it.
const navigate = (browser, route, restMs = 0) =>
  browser.executeAsync(
    (to, rest, done) => {
      const go = () => {
        const started = performance.now();
        const drawn = async () => {
          if (document.querySelector('.rc-screen-loading')) return requestAnimationFrame(drawn);
          const { getMountedApps } = await System.import('single-spa');
          done({ ms: performance.now() - started, mounted: getMountedApps(), path: location.pathname });
        };
        window.addEventListener('single-spa:routing-event', () => requestAnimationFrame(() => requestAnimationFrame(drawn)), {
          once: true,
        });
        window.singleSpaNavigate(to);
      };
      if (rest === 0) return go();
      const link = Object.assign(document.createElement('a'), { href: to, textContent: to });
      document.body.append(link);
      link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      setTimeout(() => {
        link.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
        link.remove();
        go();
      }, rest);
    },
    route,
    restMs,
  );

const resourceCount = (browser) => browser.execute(() => performance.getEntriesByType('resource').length);
const resourcesSince = (browser, count) =>
  browser.execute(
    (from) =>
      performance
        .getEntriesByType('resource')
        .slice(from)
        .map((e) => e.name),
    count,
  );

const openBrowser = (profileDir) =>
  remote({
    logLevel: 'error',
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--window-size=1280,900',
          `--user-data-dir=${profileDir}`,
        ],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  });

const firstContentfulPaint = (browser) =>
  browser.execute(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);

async function staticVisit(origin, profileDir) {
  const browser = await openBrowser(profileDir);
  try {
    await browser.url(`${origin}${staticPage.path}`);
    await waitForQuiet(browser);
    return await firstContentfulPaint(browser);
  } finally {
    await browser.deleteSession();
  }
}

// How long a user's pointer rests on a menu entry before the click, for the visits that point at their link first.
const pointerRestMs = 300;

async function visitOnce(origin, profileDir, restMs = 0) {
  const browser = await openBrowser(profileDir);
  try {
    await browser.url(`${origin}/`);
    await browser.execute(() => performance.setResourceTimingBufferSize(2000));
    await waitForQuiet(browser);
    const firstVisit = {
      ...(await browser.execute(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      }))),
      ...(await fetchedForThePage(browser)),
    };

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
    for (const route of routes) {
      const before = await resourceCount(browser);
      const visit = await navigate(browser, route, restMs);
      await waitForQuiet(browser);
      visits.push({ route, ...visit, fetched: await resourcesSince(browser, before) });
    }
    const switchBack = { route: routes[0], ...(await navigate(browser, routes[0])) };
    const allResources = await browser.execute(() =>
      performance.getEntriesByType('resource').map((e) => ({ name: e.name, transfer: e.transferSize })),
    );
    return { ...firstVisit, login, visits, switchBack, allResources };
  } finally {
    await browser.deleteSession();
  }
}

/**
 * A signed-in user's first visit of /account/home with an empty cache: signed in (as the portal's login leaves the
 * browser: token and user info stored, token cookie) on a page of the same origin that fetched nothing else, then the
 * home page loaded until the network is quiet.
 */
async function signedInHomeVisit(origin, profileDir) {
  const browser = await openBrowser(profileDir);
  try {
    const answer = await fetch(`${origin}/apis/user/api/user/login/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demoUser),
    }).then((r) => r.json());
    if (answer.code !== 200) throw new Error(`login failed: ${answer.msg}`);
    await browser.url(`${origin}${staticPage.path}`);
    await browser.execute(({ token, userInfo }) => {
      localStorage.setItem('RC_WEB_TOKEN', JSON.stringify(token));
      localStorage.setItem('RcUserInfo', JSON.stringify(userInfo));
      document.cookie = `RC_WEB_TOKEN=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
    }, answer.data);
    await browser.url(`${origin}/account/home`);
    await waitForQuiet(browser, 1000);
    return { ...(await fetchedForThePage(browser)), path: await browser.execute(() => location.pathname) };
  } finally {
    await browser.deleteSession();
  }
}

/** JS and CSS gzip bytes of the fetched files, from the build's .gz files. */
function scriptAndStyleBytes(resources) {
  const files = resources.filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname));
  const gzip = (kind) => files.filter((r) => r.name.endsWith(kind)).reduce((sum, r) => sum + (gzipBytes(r.name) ?? 0), 0);
  return { files: files.length, js: gzip('.js'), css: gzip('.css') };
}

const median = (numbers) => {
  const sorted = numbers.filter((n) => n !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};
const ms = (value) => (value === null ? 'none (nothing painted)' : `${value.toFixed(0)} ms`);

const cacheControl = async (url) => (await fetch(url)).headers.get('cache-control');

const port = await freePort();
const scratch = mkdtempSync(path.join(tmpdir(), 'rc-bench-'));
const server = await startServer(port, path.join(scratch, 'data'));
const origin = `http://127.0.0.1:${port}`;
writeFileSync(staticPage.file, staticHtml);
try {
  const runs = [];
  const pointedRuns = [];
  const staticFcps = [];
  for (let i = 0; i < Number(values.runs); i++) {
    runs.push(await visitOnce(origin, path.join(scratch, `profile-${i}`)));
    pointedRuns.push(await visitOnce(origin, path.join(scratch, `pointed-profile-${i}`), pointerRestMs));
    staticFcps.push(await staticVisit(origin, path.join(scratch, `static-profile-${i}`)));
  }
  const home = await signedInHomeVisit(origin, path.join(scratch, 'signed-in-profile'));
  const [first] = runs;
  const fetchCount = (moduleName) => first.allResources.filter((r) => moduleByUrl.get(new URL(r.name).pathname) === moduleName).length;

  console.log(`portal first visit — ${origin}/ in Chromium, empty cache, median of ${runs.length} run(s)\n`);
  const firstVisitFiles = first.resources.filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname));
  const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  console.log('fetched for /                        raw KB  gzip KB  over the wire KB');
  for (const r of firstVisitFiles) {
    const pathname = new URL(r.name).pathname;
    const kind = pathname.endsWith('.css') ? 'css' : 'js';
    const [raw, gz] = [rawBytes(r.name), gzipBytes(r.name) ?? 0];
    totals[kind].raw += raw;
    totals[kind].gzip += gz;
    const name = moduleByUrl.get(pathname) ?? path.basename(pathname);
    console.log(`  ${name.padEnd(34)} ${kb(raw).padStart(7)}  ${kb(gz).padStart(7)}  ${kb(r.transfer).padStart(8)}`);
  }
  const total = totals.js.gzip + totals.css.gzip;
  console.log(`  ${'JS'.padEnd(34)} ${kb(totals.js.raw).padStart(7)}  ${kb(totals.js.gzip).padStart(7)}`);
  console.log(`  ${'CSS'.padEnd(34)} ${kb(totals.css.raw).padStart(7)}  ${kb(totals.css.gzip).padStart(7)}`);
  console.log(
    `  ${'JS + CSS'.padEnd(34)} ${kb(totals.js.raw + totals.css.raw).padStart(7)}  ${kb(total).padStart(7)}   (target ≤ ${targets.totalKb} KB gzip: ${total <= targets.totalKb * 1024 ? 'met' : 'MISSED'})`,
  );
  const later = first.allResources.filter(
    (r) => new URL(r.name).pathname.endsWith('.css') && !firstVisitFiles.some((f) => f.name === r.name),
  );
  for (const r of later) console.log(`  later, with the first micro-app: ${path.basename(r.name)} ${kb(gzipBytes(r.name) ?? 0)} KB gzip`);

  const moduleNames = (urls) => urls.map((url) => moduleByUrl.get(new URL(url).pathname) ?? path.basename(url)).join(', ');
  console.log(`  prefetched once idle, for the next page (not counted): ${moduleNames(first.prefetched) || 'none'}`);

  const homeBytes = scriptAndStyleBytes(home.resources);
  const homeTotal = homeBytes.js + homeBytes.css;
  const apiCalls = home.resources.filter((r) => new URL(r.name).pathname.startsWith('/apis/')).length;
  console.log(
    `\nsigned-in first visit of /account/home (empty cache${home.path === '/account/home' ? '' : `; ended at ${home.path}`}): ` +
      `JS ${kb(homeBytes.js)} KB + CSS ${kb(homeBytes.css)} KB = ${kb(homeTotal)} KB gzip in ${homeBytes.files} files ` +
      `(target ≤ ${targets.signedInKb} KB: ${homeTotal <= targets.signedInKb * 1024 ? 'met' : 'MISSED'}); ` +
      `${apiCalls} API calls answered (target ≤ ${targets.signedInApiCalls}: ${apiCalls <= targets.signedInApiCalls ? 'met' : 'MISSED'}; ` +
      `the server-push stream stays open and is not among them)`,
  );
  console.log(`  prefetched once idle, for the next page (not counted): ${moduleNames(home.prefetched) || 'none'}`);

  // A micro-app on the first of the routes above that it draws: its entry and the chunks it loaded for that screen.
  console.log(`\nmicro-apps on their first route (their own JS, gzip KB; target ≤ ${targets.appKb} each)`);
  for (const [name, url] of Object.entries(importMap).filter(([name]) => name.startsWith('@rc/mf-'))) {
    const visit = first.visits.find((v) => v.mounted.includes(name));
    if (!visit) {
      console.log(`  ${name.padEnd(26)}       -  (none of the routes draws it)`);
      continue;
    }
    const stem = path.basename(url).split('.')[0];
    const own = visit.fetched.filter((file) => path.basename(new URL(file).pathname).startsWith(`${stem}.`));
    const gz = own.reduce((sum, file) => sum + (gzipBytes(file) ?? 0), 0);
    const others = [...new Set(visit.fetched.map((file) => moduleByUrl.get(new URL(file).pathname)))].filter((m) => m && m !== name);
    console.log(
      `  ${name.padEnd(26)} ${kb(gz).padStart(7)}  ${gz <= targets.appKb * 1024 ? 'met' : 'MISSED'}  ` +
        `(${visit.route}: ${own.length} files${others.length > 0 ? `; with the shared ${others.join(', ')}` : ''})`,
    );
  }

  const portalFcp = median(runs.map((r) => r.fcp));
  const staticFcp = median(staticFcps);
  console.log(`\nfirst contentful paint:        ${ms(portalFcp)}  (runs: ${runs.map((r) => ms(r.fcp)).join(', ')})`);
  console.log(`static page, same server:      ${ms(staticFcp)}  (runs: ${staticFcps.map(ms).join(', ')})`);
  if (portalFcp !== null && staticFcp) {
    const ratio = portalFcp / staticFcp;
    console.log(
      `FCP portal / static:           ${ratio.toFixed(2)}×  (target ≤ ${targets.fcpRatio}×: ${ratio <= targets.fcpRatio ? 'met' : 'MISSED'})`,
    );
  }
  console.log(`DOMContentLoaded:              ${ms(median(runs.map((r) => r.domContentLoaded)))}`);
  console.log(`demo login:                    ${first.login}`);
  routes.forEach((route, i) => {
    const visit = first.visits[i];
    const landed = visit.path !== route ? `  (ended at ${visit.path})` : '';
    console.log(
      `first visit ${route.padEnd(24)} ${ms(median(runs.map((r) => r.visits[i].ms))).padStart(7)}  mounted: ${visit.mounted.join(', ') || '-'}${landed}`,
    );
    const pointed = median(pointedRuns.map((r) => r.visits[i].ms));
    const ratio = pointed / median(runs.map((r) => r.visits[i].ms));
    console.log(`  … its link pointed at for ${pointerRestMs} ms first ${ms(pointed).padStart(7)}  (${ratio.toFixed(2)}× the visit above)`);
  });
  const back = first.switchBack;
  console.log(
    `switch back to ${back.route.padEnd(21)} ${ms(median(runs.map((r) => r.switchBack.ms))).padStart(7)}  mounted: ${back.mounted.join(', ') || '-'}  (app already loaded)`,
  );
  console.log(`\nReact fetched ${fetchCount('react')}×, react-dom ${fetchCount('react-dom')}× across / and ${routes.length} app routes`);
  const aModule = new URL(firstVisitFiles[0]?.name ?? `${origin}/`).pathname;
  console.log(`cache-control: / ${await cacheControl(`${origin}/`)}; ${aModule} ${await cacheControl(`${origin}${aModule}`)}`);
} finally {
  rmSync(staticPage.file, { force: true });
  server.kill();
  rmSync(scratch, { recursive: true, force: true });
}
