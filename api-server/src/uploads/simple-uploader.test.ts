import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClips } from '../test-support/video-test-kit.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { createTestApp, login, type TestApp } from '../test-support/test-app.js';
import { md5Of, randomFile, UploadClient } from '../test-support/upload-client.js';

// The standard client of the spec's chunk form, simple-uploader.js 0.6, run as shipped in jsdom's window against the real server.
const require = createRequire(import.meta.url);
type JsdomModule = { JSDOM: new (html: string, options: object) => { window: UploaderWindow } };

/**
 * jsdom copies into its window every JavaScript global this process has when it is first loaded, by reading each one in
 * its own realm. A global that only a polyfill defines (the CI run once had an `Iterator` this Node lacks, from another
 * test file of the same worker) is missing there, and every window then fails to be made: such globals are set aside
 * while jsdom loads.
 */
function loadJsdom(): JsdomModule {
  const jsGlobals = Object.keys(require('jsdom/lib/jsdom/browser/js-globals.json') as Record<string, unknown>);
  const polyfilled = jsGlobals
    .filter((name) => name in globalThis && runInNewContext(`typeof ${name}`) === 'undefined')
    .map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const)
    .filter(([, descriptor]) => descriptor.configurable);
  for (const [name] of polyfilled) Reflect.deleteProperty(globalThis, name);
  try {
    return require('jsdom') as JsdomModule;
  } finally {
    for (const [name, descriptor] of polyfilled) Object.defineProperty(globalThis, name, descriptor);
  }
}
const { JSDOM } = loadJsdom();
const uploaderSource = readFileSync(require.resolve('simple-uploader.js/dist/uploader.js'), 'utf8');

interface UploaderWindow {
  eval(source: string): void;
  File: new (parts: Uint8Array[], name: string) => object;
  Uploader: new (options: object) => {
    on(event: string, listener: (...args: unknown[]) => void): void;
    addFile(file: object): void;
    upload(): void;
  };
}

/** Uploads `bytes` with simple-uploader.js's default options (testChunks on, 1 MiB chunks), told only the target, token and MD5. */
function uploadWithSimpleUploader(origin: string, o: { target: string; token: string; bytes: Buffer; fileName: string }) {
  const { window } = new JSDOM('<!doctype html><body></body>', { url: origin, runScripts: 'outside-only' });
  window.eval(uploaderSource);
  const uploader = new window.Uploader({
    target: `${origin}${o.target}`,
    headers: { token: o.token },
    generateUniqueIdentifier: () => md5Of(o.bytes),
  });
  return new Promise<{ outcome: 'success' | 'error'; message: unknown }>((resolve) => {
    uploader.on('fileSuccess', (_root, _file, message) => resolve({ outcome: 'success', message }));
    uploader.on('fileError', (_root, _file, message) => resolve({ outcome: 'error', message }));
    uploader.addFile(new window.File([new Uint8Array(o.bytes)], o.fileName));
    uploader.upload();
  });
}

const mib = 1024 * 1024;
let t: TestApp;
let client: UploadClient;
let origin: string;
let token: string;
/** Every chunk request the server answered: the method, the chunk, the HTTP status. */
const chunkRequests: Array<{ method: string; chunkNumber: number; status: number }> = [];

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      app.addHook('onResponse', async (request, reply) => {
        if (!/\/auth\/(file\/chunk|videoInfo\/upload)(\?|$)/.test(request.url)) return;
        const chunkNumber = Number(new URL(request.url, 'http://server').searchParams.get('chunkNumber') ?? 0);
        chunkRequests.push({ method: request.method, chunkNumber, status: reply.statusCode });
      }),
  });
  token = await login(t.app, demoAccounts.user, demoPassword);
  client = await UploadClient.listening(t.app, token);
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Merges an upload of `bytes` in the file-storage form and expects the stored file to be those very bytes. */
async function expectMerged(fileName: string, bytes: Buffer) {
  const body = { fileName, identifier: md5Of(bytes), chunkSize: mib, totalSize: bytes.length };
  expect(await client.post('/apis/orion/auth/file/mergeFile', body)).toMatchObject({
    code: 200,
    data: { size: bytes.length, md5: md5Of(bytes) },
  });
}

describe('simple-uploader.js 0.6 with its default options (testChunks: true)', () => {
  it('uploads a file completely: its test GET for a chunk the server lacks answers 204, for one it holds 200 (that chunk is skipped)', async () => {
    const bytes = randomFile(3 * mib);
    const fileName = 'simple-uploader.bin';
    chunkRequests.length = 0;
    // Chunk 2 arrived before (an upload resumed after a crash).
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize: mib, numbers: [2] });

    const uploaded = await uploadWithSimpleUploader(origin, { target: '/apis/orion/auth/file/chunk', token, bytes, fileName });
    expect(uploaded.outcome).toBe('success');
    const tests = chunkRequests.filter((request) => request.method === 'GET').sort((a, b) => a.chunkNumber - b.chunkNumber);
    expect(tests).toEqual([
      { method: 'GET', chunkNumber: 1, status: 204 },
      { method: 'GET', chunkNumber: 2, status: 200 },
      { method: 'GET', chunkNumber: 3, status: 204 },
    ]);
    expect(chunkRequests.filter((request) => request.method === 'POST')).toHaveLength(3);

    await expectMerged(fileName, bytes);
  });

  it('sends every chunk of a video to the video chunk form the same way', async () => {
    const bytes = randomFile(2 * mib);
    chunkRequests.length = 0;
    const target = '/apis/vod/auth/videoInfo/upload';
    const uploaded = await uploadWithSimpleUploader(origin, { target, token, bytes, fileName: 'clip.mp4' });
    expect(uploaded.outcome).toBe('success');
    const answered = chunkRequests.map(({ method, status }) => `${method} ${status}`).sort();
    expect(answered).toEqual(['GET 204', 'GET 204', 'POST 200', 'POST 200']);
    const held = await client.post(`${target}/check`, {
      identifier: md5Of(bytes),
      fileName: 'clip.mp4',
      chunkSize: mib,
      totalSize: bytes.length,
    });
    expect(held.data).toEqual({ skipUpload: false, uploaded: [1, 2] });
  });
});

describe('simple-uploader.js 0.6 with a file whose size is not a multiple of its chunk size (forceChunkSize: false)', () => {
  const sortedTests = () => chunkRequests.filter((request) => request.method === 'GET').sort((a, b) => a.chunkNumber - b.chunkNumber);
  const posts = () => chunkRequests.filter((request) => request.method === 'POST').length;

  it('uploads a 3.5 MiB file completely as 3 chunks, the last 1.5 MiB, and the merge finds the right MD5', async () => {
    const bytes = randomFile(3.5 * mib);
    const fileName = 'folded.bin';
    chunkRequests.length = 0;
    const uploaded = await uploadWithSimpleUploader(origin, { target: '/apis/orion/auth/file/chunk', token, bytes, fileName });
    expect(uploaded.outcome).toBe('success');
    expect(sortedTests().map((request) => request.status)).toEqual([204, 204, 204]);
    expect(posts()).toBe(3);

    await expectMerged(fileName, bytes);
  });

  it('resumes what our own uploader began: its folded last chunk counts as there only when both of its MiB are', async () => {
    const bytes = randomFile(3.5 * mib);
    const fileName = 'folded-resumed.bin';
    // Our uploader cuts the same file into 4 chunks and had sent its 2nd and 3rd: half of simple-uploader's 3rd.
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize: mib, numbers: [2, 3] });
    chunkRequests.length = 0;

    const uploaded = await uploadWithSimpleUploader(origin, { target: '/apis/orion/auth/file/chunk', token, bytes, fileName });
    expect(uploaded.outcome).toBe('success');
    expect(sortedTests()).toEqual([
      { method: 'GET', chunkNumber: 1, status: 204 },
      { method: 'GET', chunkNumber: 2, status: 200 },
      { method: 'GET', chunkNumber: 3, status: 204 },
    ]);
    expect(posts()).toBe(2);

    await expectMerged(fileName, bytes);
  });

  it('uploads a 2.5 MiB video completely as 2 chunks, and its merge finds the right MD5', async () => {
    // A real two-second mp4, padded to 2.5 MiB: the merge keeps only real media containers.
    const clip = readFileSync(testClips.mp4);
    const bytes = Buffer.concat([clip, Buffer.alloc(2.5 * mib - clip.length)]);
    const target = '/apis/vod/auth/videoInfo/upload';
    chunkRequests.length = 0;
    const uploaded = await uploadWithSimpleUploader(origin, { target, token, bytes, fileName: 'folded.mp4' });
    expect(uploaded.outcome).toBe('success');
    expect(posts()).toBe(2);

    const body = { identifier: md5Of(bytes), fileName: 'folded.mp4', chunkSize: mib, totalSize: bytes.length };
    expect((await client.post(`${target}/check`, body)).data).toEqual({ skipUpload: false, uploaded: [1, 2, 3] });
    expect(await client.post('/apis/vod/auth/videoInfo/merge', body)).toMatchObject({ code: 200, msg: '上传成功' });
  });
});
