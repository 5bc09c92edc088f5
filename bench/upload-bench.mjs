// Upload figures, measured in headless Chromium against the real server and dist/web (not a test).
//   node bench/upload-bench.mjs [--gib 1] [--runs 3] [--only hash|upload] [--link 200mbit|1gbit]
// Figures are medians over the runs (the machine is shared; single runs vary by 2x).
// --link runs the server and Chromium inside a network namespace of their own whose loopback is
// limited by a tbf qdisc at that rate (netem is not available here), set up before and removed
// after: it needs root (`ip netns`, `tc`).
// 1. MD5 of the same file through the engine's Web Workers (a slice reader feeding hash-wasm, 5 MiB
//    slices) and through node:crypto, with their ratio and the longest main-thread task while the
//    workers hashed; and, as the ceiling, hash-wasm against node:crypto on bytes already in memory.
// 2. The same amount uploaded through the engine, as one raw PUT, and as the spec's request pattern
//    without the engine (3 parallel PUTs of 5 MiB slices), all to the same server, with the ratios (the
//    raw PUT and the plain PUTs go to the cloud disk's presigned URLs: `auth/single-presigned`, and
//    `auth/multipar-presigned` + `auth/complete-multipar` as the GPU target does). The engine sends four
//    files: to the CPU target a file of a size the user stores none of (not hashed in the browser), then
//    other bytes of that size, now stored (not hashed either: they start otherwise, by their sliceMd5),
//    then other bytes of that size starting as the stored file does (hashed while sent, which could find
//    them held: 秒传), and to the GPU target (the cloud disk, never hashed); with the hash time as a share of hash-wasm's
//    speed on bytes in memory (the browser has no faster MD5).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMD5 } from 'hash-wasm';
import { remote } from 'webdriverio';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'dist/web');
const { values } = parseArgs({
  options: {
    gib: { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    link: { type: 'string' },
    'in-namespace': { type: 'boolean', default: false },
  },
});
const tbfRates = { '200mbit': '200mbit', '1gbit': '1gbit' };
if (values.link !== undefined && !(values.link in tbfRates)) {
  console.error('--link is 200mbit or 1gbit (it needs root: the bench sets up a network namespace with ip and tc)');
  process.exit(2);
}
if (values.link && !values['in-namespace']) process.exit(await runOnShapedLink(tbfRates[values.link]));

/**
 * Runs this bench again inside a fresh network namespace whose loopback (the only link the server,
 * chromedriver and Chromium use) is limited by a tbf qdisc; removes the namespace afterwards.
 */
async function runOnShapedLink(rate) {
  if (process.getuid?.() !== 0) {
    console.error('--link needs root (ip netns add, tc qdisc add)');
    return 2;
  }
  const namespace = `rc-upload-bench-${process.pid}`;
  const inNamespace = (...command) => execFileSync('ip', ['netns', 'exec', namespace, ...command], { stdio: 'inherit' });
  execFileSync('ip', ['netns', 'add', namespace], { stdio: 'inherit' });
  try {
    // Loopback's own MTU (65536) is larger than the 64 KiB bucket: tbf would drop every full-size packet.
    inNamespace('ip', 'link', 'set', 'lo', 'mtu', '16384', 'up');
    inNamespace('tc', 'qdisc', 'add', 'dev', 'lo', 'root', 'tbf', 'rate', rate, 'burst', '64kb', 'latency', '50ms');
    console.log(`── link: loopback (MTU 16384) of network namespace ${namespace} limited to ${rate} (tbf, burst 64kb, latency 50ms)`);
    const child = spawn(
      'ip',
      ['netns', 'exec', namespace, process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2), '--in-namespace'],
      { stdio: 'inherit' },
    );
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    return await new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  } finally {
    execFileSync('ip', ['netns', 'delete', namespace], { stdio: 'inherit' });
  }
}

const runs = Number(values.runs);
const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const spread = (numbers) => `${Math.min(...numbers).toFixed(2)}–${Math.max(...numbers).toFixed(2)}`;
const MiB = 1024 * 1024;
const size = Math.round(Number(values.gib) * 1024) * MiB;
const mb = (bytes, ms) => (bytes / MiB / (ms / 1000)).toFixed(0);

if (!existsSync(path.join(webRoot, 'embed/rc-uploader.js'))) {
  console.error('dist/web is missing or old: run `npm run build` first');
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const tryPort = (port) => {
      if (port > 18699) return reject(new Error('no free port in 18680-18699'));
      const probe = createServer().once('error', () => tryPort(port + 1));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
    };
    tryPort(18680);
  });

const work = mkdtempSync(path.join(tmpdir(), 'rc-upload-bench-'));

/** `size` random bytes on disk (a 1 MiB random piece per MiB), so every file has its own content. */
/**
 * Writes back what earlier steps left in the page cache (the file just made, the uploads before): each timed upload
 * starts alike rather than sharing the disk with the writeback of the last one.
 */
const settleDisk = () => execFileSync('sync');

/** A file of `size` random bytes, its first MiB `start` when given (a file starting as another one does). */
function makeFile(name, start = randomBytes(MiB)) {
  const file = path.join(work, name);
  const descriptor = openSync(file, 'w');
  writeSync(descriptor, start);
  for (let written = MiB; written < size; written += MiB) writeSync(descriptor, randomBytes(MiB));
  closeSync(descriptor);
  return file;
}

/** hash-wasm and node:crypto over the same 256 MiB already in memory: how close hash-wasm can come at best. */
async function inMemoryHashRatio() {
  const bytes = randomBytes(256 * MiB);
  const time = (work) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const wasm = await createMD5();
  const wasmMs = median([0, 1, 2].map(() => time(() => wasm.init().update(bytes).digest('hex'))));
  const nativeMs = median([0, 1, 2].map(() => time(() => createHash('md5').update(bytes).digest('hex'))));
  return { wasm: mb(bytes.length, wasmMs), native: mb(bytes.length, nativeMs), ratio: (nativeMs / wasmMs).toFixed(2) };
}

async function nodeMd5(file) {
  const started = performance.now();
  const hash = createHash('md5');
  for await (const piece of createReadStream(file, { highWaterMark: 5 * MiB })) hash.update(piece);
  return { md5: hash.digest('hex'), ms: performance.now() - started };
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'api-server/src/server.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    SSH_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const profile = path.join(work, 'profile');
let browser;
try {
  for (let ready = false; !ready;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    ready = await fetch(`${origin}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
  }
  const login = await fetch(`${origin}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'Demo@2026' }),
  }).then((r) => r.json());
  const token = login.data.token;
  const api = async (method, route, body) => {
    const answer = await fetch(`${origin}/apis${route}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
    if (answer.code !== 200) throw new Error(`${method} ${route}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  /**
   * Waits until the server has hashed the files placed under `folder` unhashed (it does so just after their merge): on
   * two cores shared with the browser, that hashing would otherwise slow the next timed upload, which a server of its
   * own would not.
   */
  async function placedFilesHashed(folder) {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const entries = await api('POST', '/orion/auth/file/userDirs', { path: folder });
      if (entries.every((entry) => entry.isDir || entry.md5 !== '')) return;
    }
    throw new Error(`the files under ${folder} were not hashed within 2 minutes`);
  }
  /** The region of the user's cloud disk: one already activated, or the first enabled region, activated now. */
  async function cloudDiskRegion() {
    const regions = (await api('GET', '/node/auth/region/list-enable')).map((region) => region.regionCode);
    if (regions.length === 0) throw new Error('the server lists no enabled region for the cloud disk');
    for (const regionCode of regions) {
      const disk = await api('GET', `/cloud-net-disk/auth/get?${new URLSearchParams({ regionCode })}`);
      if (disk.activated) return regionCode;
    }
    await api('POST', '/cloud-net-disk/auth/activation', { regionCode: regions[0] });
    return regions[0];
  }
  const regionCode = values.only === 'hash' ? '' : await cloudDiskRegion();

  browser = await remote({
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
          '--disable-dev-shm-usage',
          `--user-data-dir=${profile}`,
        ],
      },
      'wdio:chromedriverOptions': { binary: '/usr/bin/chromedriver' },
    },
  });
  await browser.setTimeout({ script: 900_000 });
  await browser.url(`${origin}/null`);
  await browser.execute((value) => localStorage.setItem('RC_WEB_TOKEN', value), JSON.stringify(token));
  await browser.url(`${origin}/null`);
  await browser.waitUntil(() => browser.execute(() => typeof System !== 'undefined'), { timeout: 20_000 });

  let inputs = 0;
  async function pickInPage(file) {
    const id = `bench-file-${++inputs}`;
    await browser.execute((inputId) => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = inputId;
      document.body.append(input);
    }, id);
    await browser.$(`#${id}`).addValue(file);
    return id;
  }

  if (values.only !== 'upload') await benchHashing();
  if (values.only !== 'hash') await benchUploads();

  async function benchHashing() {
    console.log(`── uploads: MD5 of ${values.gib} GiB (median of ${runs})`);
    const hashFile = makeFile('hash.bin');
    await nodeMd5(hashFile); // page cache warm for both sides
    const hashInput = await pickInPage(hashFile);
    const natives = [];
    const workers = [];
    for (let run = 0; run < runs; run++) {
      natives.push(await nodeMd5(hashFile));
      workers.push(
        await browser.executeAsync(async (inputId, done) => {
          const shared = await System.import('@rc/shared-utility');
          const file = document.getElementById(inputId).files[0];
          const longTasks = [];
          const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
          observer.observe({ type: 'longtask' });
          let maxGap = 0;
          let last = performance.now();
          const probe = setInterval(() => {
            const now = performance.now();
            maxGap = Math.max(maxGap, now - last);
            last = now;
          }, 10);
          const started = performance.now();
          const md5 = await shared.md5InWorker(file);
          const ms = performance.now() - started;
          clearInterval(probe);
          observer.disconnect();
          done({ md5, ms, longTasks, maxGap });
        }, hashInput),
      );
    }
    const native = { md5: natives[0].md5, ms: median(natives.map((r) => r.ms)) };
    const worker = {
      md5: workers.find((r) => r.md5 !== native.md5)?.md5 ?? native.md5,
      ms: median(workers.map((r) => r.ms)),
      longTasks: workers.flatMap((r) => r.longTasks),
      maxGap: Math.max(...workers.map((r) => r.maxGap)),
    };
    rmSync(hashFile);
    if (worker.md5 !== native.md5) throw new Error(`MD5 differs: worker ${worker.md5}, node ${native.md5}`);
    console.log(`workers (reader + hash-wasm)     ${mb(size, worker.ms).padStart(6)} MB/s  (${(worker.ms / 1000).toFixed(2)} s)`);
    console.log(`node:crypto                       ${mb(size, native.ms).padStart(6)} MB/s  (${(native.ms / 1000).toFixed(2)} s)`);
    console.log(`ratio worker / native             ${(native.ms / worker.ms).toFixed(2)}×  (target ≥ 0.8)`);
    const longest = worker.longTasks.length ? Math.max(...worker.longTasks).toFixed(0) : 'none';
    console.log(
      `main thread while hashing         longest long task (≥50 ms): ${longest}; largest gap between 10 ms timer ticks: ${(worker.maxGap - 10).toFixed(0)} ms late (target: no task over 50 ms)`,
    );
    const ceiling = await inMemoryHashRatio();
    console.log(`ceiling: on bytes in memory (Node) hash-wasm ${ceiling.wasm} MB/s, node:crypto ${ceiling.native} MB/s: ${ceiling.ratio}×`);
  }

  async function benchUploads() {
    const link = values.link ? ` over a ${values.link} link` : '';
    console.log(`── uploads: ${values.gib} GiB through the engine vs one raw PUT${link} (median of ${runs}, spread min–max)`);
    const results = { raw: [], plain: [], cpu: [], cpuOtherStart: [], cpuSameStart: [], gpu: [] };
    for (let run = 0; run < runs; run++) {
      const rawFile = makeFile(`raw-${run}.bin`);
      const single = await api('POST', '/cloud-net-disk/auth/single-presigned', {
        regionCode,
        prefix: 'bench',
        fileName: `raw-${run}.bin`,
        fileSize: size,
      });
      const rawInput = await pickInPage(rawFile);
      settleDisk();
      // The presigned URL answers real HTTP (an object store's status and ETag, no envelope).
      const raw = await browser.executeAsync(
        async (inputId, url, done) => {
          const file = document.getElementById(inputId).files[0];
          const started = performance.now();
          const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: file }).catch(
            (error) => ({ ok: false, status: String(error) }),
          );
          done({ ms: performance.now() - started, ok: response.ok, status: response.status });
        },
        rawInput,
        new URL(single.url, origin).href,
      );
      if (!raw.ok) throw new Error(`raw PUT answered ${raw.status}`);
      results.raw.push(raw.ms);
      settleDisk();
      results.plain.push(await plainChunkedPut(rawInput, run));
      rmSync(rawFile);

      // A new file (the user stores none of its size: never hashed), other bytes of that stored size (a start of their
      // own: not hashed either), others starting as the stored file (hashed while sent, to find out whether they are
      // held: 秒传), then the cloud disk.
      await api('POST', '/orion/auth/file/remove', { path: 'bench' }).catch(() => undefined);
      const storedStart = randomBytes(MiB);
      for (const [row, uploadType, uploadParams] of [
        ['cpu', 'cpu', { path: 'bench' }],
        ['cpuOtherStart', 'cpu', { path: 'bench' }],
        ['cpuSameStart', 'cpu', { path: 'bench' }],
        ['gpu', 'gpu', { regionCode, prefix: 'engine' }],
      ]) {
        const file = makeFile(`${row}-${run}.bin`, row === 'cpuOtherStart' ? randomBytes(MiB) : storedStart);
        const input = await pickInPage(file);
        settleDisk();
        const timing = await browser.executeAsync(
          async (inputId, type, params, done) => {
            const shared = await System.import('@rc/shared-utility');
            const picked = document.getElementById(inputId).files[0];
            const started = performance.now();
            const marks = {};
            const id = shared.uploads.add(picked, { uploadType: type, uploadParams: params });
            const off = shared.$uploads.subscribe((items) => {
              const item = items.find((candidate) => candidate.id === id);
              if (!item) return;
              const now = performance.now() - started;
              if (item.md5 && marks.hashed === undefined) marks.hashed = now;
              if (item.progress === 100 && marks.sent === undefined) marks.sent = now;
              if (item.status === 'success' || item.status === 'error') {
                queueMicrotask(() => off());
                done({ ...marks, total: now, status: item.status, error: item.error });
              }
            });
          },
          input,
          uploadType,
          uploadParams,
        );
        if (timing.status !== 'success') throw new Error(`${row} upload failed: ${timing.error}`);
        results[row].push(timing);
        if (uploadType === 'cpu') await placedFilesHashed('bench');
        rmSync(file);
      }
    }
    const raw = median(results.raw);
    const plain = median(results.plain);
    const rawSpread = `${(Math.min(...results.raw) / 1000).toFixed(2)}–${(Math.max(...results.raw) / 1000).toFixed(2)} s`;
    console.log(`raw PUT (one request)             ${mb(size, raw).padStart(6)} MB/s  (${(raw / 1000).toFixed(2)} s; runs ${rawSpread})`);
    console.log(
      `plain fetch, 3 × 5 MiB PUTs       ${mb(size, plain).padStart(6)} MB/s  (${(plain / 1000).toFixed(2)} s) = ${(raw / plain).toFixed(2)}× raw PUT: the spec's request pattern without the engine`,
    );
    const wasmInMemory = Number((await inMemoryHashRatio()).wasm);
    const issueRow = [];
    const rows = { cpu: 'cpu, new size', cpuOtherStart: 'cpu, size stored', cpuSameStart: 'cpu, size+start', gpu: 'gpu (cloud disk)' };
    for (const [row, label] of Object.entries(rows)) {
      const timings = results[row];
      const total = median(timings.map((t) => t.total));
      const sent = median(timings.map((t) => t.sent));
      const hashedRuns = timings.filter((t) => t.hashed !== undefined);
      const hashed = hashedRuns.length === timings.length ? median(hashedRuns.map((t) => t.hashed)) : undefined;
      const merge = median(timings.map((t) => t.total - Math.max(t.sent, t.hashed ?? 0)));
      const ratios = timings.map((t, run) => results.raw[run] / t.total);
      const hashFigures =
        hashed === undefined
          ? `not hashed in the browser${hashedRuns.length ? ` in ${timings.length - hashedRuns.length} of ${timings.length} runs` : ''}`
          : `MD5 known at ${(hashed / 1000).toFixed(2)} s: ${mb(size, hashed)} MB/s = ` +
            `${((Number(mb(size, hashed)) / wasmInMemory) * 100).toFixed(0)}% of hash-wasm in memory (${wasmInMemory} MB/s)`;
      console.log(
        `engine ${label.padEnd(17)} ${mb(size, total).padStart(6)} MB/s end to end (${(total / 1000).toFixed(2)} s: ` +
          `chunks all sent at ${(sent / 1000).toFixed(2)} s, merge ${(merge / 1000).toFixed(2)} s); ` +
          `end to end ${(raw / total).toFixed(2)}× raw PUT (runs ${spread(ratios)}; target ≥ 0.9); ${hashFigures}`,
      );
      if (row === 'cpu' || row === 'gpu') issueRow.push(`${row === 'cpu' ? 'cpu target' : 'cloud disk'} ${(raw / total).toFixed(2)}×`);
    }
    console.log(
      `upload through the portal vs one raw PUT, ${values.gib} GiB, ${values.link ?? 'unshaped loopback'}: ${issueRow.join(', ')} (goal ≥ 0.9× both)`,
    );
  }

  /**
   * The same file PUT to presigned part URLs as 5 MiB slices, 3 at a time, with nothing else around it
   * (timed); then the parts are completed with their ETags (not timed), which checks they were stored.
   */
  async function plainChunkedPut(inputId, run) {
    const chunkSize = 5 * MiB;
    const fileName = `plain-${run}.bin`;
    const start = await api('POST', '/cloud-net-disk/auth/multipar-presigned', {
      regionCode,
      prefix: 'bench',
      fileName,
      chunkSize,
      fileSize: size,
    });
    const sent = await browser.executeAsync(
      async (id, urls, sliceSize, done) => {
        const file = document.getElementById(id).files[0];
        const started = performance.now();
        const etags = [];
        let next = 0;
        const lane = async () => {
          while (next < urls.length) {
            const index = next++;
            const response = await fetch(urls[index], {
              method: 'PUT',
              headers: { 'content-type': 'application/octet-stream' },
              body: file.slice(index * sliceSize, (index + 1) * sliceSize),
            });
            const etag = response.headers.get('etag');
            if (!response.ok || !etag) throw new Error(`chunk ${index + 1}: ${response.status}`);
            etags[index] = etag;
          }
        };
        await Promise.all([lane(), lane(), lane()]).then(
          () => done({ ms: performance.now() - started, etags }),
          (error) => done({ error: String(error) }),
        );
      },
      inputId,
      start.chunkUrls.map((url) => new URL(url, origin).href),
      chunkSize,
    );
    if (sent.error !== undefined) throw new Error(`plain chunked PUT failed: ${sent.error}`);
    await api('POST', '/cloud-net-disk/auth/complete-multipar', {
      regionCode,
      prefix: 'bench',
      fileName,
      uploadId: start.uploadId,
      fileSize: size,
      parts: sent.etags.map((etag, index) => ({ partNumber: index + 1, etag })),
    });
    return sent.ms;
  }
} finally {
  await browser?.deleteSession().catch(() => undefined);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
