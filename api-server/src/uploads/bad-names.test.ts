import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
const chunkSize = 64 * 1024;
const bytes = randomFile(chunkSize);
const md5 = md5Of(bytes);

setUpSignedInApp((signedIn) => ({ t, client } = signedIn));

/** Names that must never reach the file system as given. */
const badNames = [
  '..',
  '.',
  '../escape.bin',
  '../../etc/passwd',
  'a/../../b',
  '/etc/passwd',
  '/abs.bin',
  '\\windows\\system32',
  'C:\\boot.ini',
  'C:/x',
  '%2e%2e%2fescape',
  '..%2fescape',
  '%2e%2e',
  '.rc-trash',
  '.rc-partial',
  '%252e%252e%252fescape',
  '%2fetc%2fpasswd',
  'nul\u0000byte',
  'line\nbreak',
  'tab\tname',
  'del\u007f',
  'x'.repeat(256),
  '名'.repeat(86),
  `${'a/'.repeat(40)}b`,
  'a//b',
  `${'d'.repeat(200)}/${'e'.repeat(900)}`,
];
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

type Attempt = (name: string) => Promise<{ code: number }>;
const form = (target: string, fields: Record<string, string | number>) =>
  client.chunkForm(
    target,
    { identifier: md5, chunkNumber: 1, totalChunks: 1, chunkSize, totalSize: chunkSize, filename: 'ok.bin', path: '', ...fields },
    bytes,
  );
const cloud = { regionCode: 'hd-2', prefix: '', fileName: 'ok.bin', chunkSize, fileSize: chunkSize };
const complete = { ...cloud, uploadId: 'x', parts: [{ partNumber: 1, etag: 'x' }] };
const cpuJson = { identifier: md5, fileName: 'ok.bin', chunkSize, totalSize: chunkSize, path: '' };

const nameAttempts: Record<string, Attempt> = {
  'orion chunk filename': (name) => form('/apis/orion/auth/file/chunk', { filename: name }),
  'orion chunk/check fileName': (name) => client.post('/apis/orion/auth/file/chunk/check', { ...cpuJson, fileName: name }),
  'orion mergeFile fileName': (name) => client.post('/apis/orion/auth/file/mergeFile', { ...cpuJson, fileName: name }),
  'cloud single-presigned fileName': (name) => client.post('/apis/cloud-net-disk/auth/single-presigned', { ...cloud, fileName: name }),
  'cloud multipar-presigned fileName': (name) => client.post('/apis/cloud-net-disk/auth/multipar-presigned', { ...cloud, fileName: name }),
  'cloud multipar-presigned regionCode': (name) =>
    client.post('/apis/cloud-net-disk/auth/multipar-presigned', { ...cloud, regionCode: name }),
  'cloud complete-multipar fileName': (name) => client.post('/apis/cloud-net-disk/auth/complete-multipar', { ...complete, fileName: name }),
  'cloud folder name': (name) => client.post('/apis/cloud-net-disk/auth/folder', { regionCode: 'hd-2', name }),
  'cloud activation regionCode': (name) => client.post('/apis/cloud-net-disk/auth/activation', { regionCode: name }),
  'vod chunk filename': (name) => form('/apis/vod/auth/videoInfo/upload', { filename: name }),
  'vod check fileName': (name) => client.post('/apis/vod/auth/videoInfo/upload/check', { ...cpuJson, fileName: name }),
  'vod merge fileName': (name) => client.post('/apis/vod/auth/videoInfo/merge', { ...cpuJson, fileName: name }),
};
const folderAttempts: Record<string, Attempt> = {
  'orion chunk path': (name) => form('/apis/orion/auth/file/chunk', { path: name }),
  'orion chunk/check path': (name) => client.post('/apis/orion/auth/file/chunk/check', { ...cpuJson, path: name }),
  'orion mergeFile path': (name) => client.post('/apis/orion/auth/file/mergeFile', { ...cpuJson, path: name }),
  'orion userDirs path': (name) => client.post('/apis/orion/auth/file/userDirs', { path: name }),
  'orion download path': (name) =>
    client.postForm('/apis/orion/auth/file/download', { path: name }).then((response) => response.json() as Promise<{ code: number }>),
  'orion remove path': (name) => client.post('/apis/orion/auth/file/remove', { path: name }),
  'cloud multipar-presigned prefix': (name) => client.post('/apis/cloud-net-disk/auth/multipar-presigned', { ...cloud, prefix: name }),
  'cloud single-presigned prefix': (name) => client.post('/apis/cloud-net-disk/auth/single-presigned', { ...cloud, prefix: name }),
  'cloud complete-multipar prefix': (name) => client.post('/apis/cloud-net-disk/auth/complete-multipar', { ...complete, prefix: name }),
  'cloud folder prefix': (name) => client.post('/apis/cloud-net-disk/auth/folder', { regionCode: 'hd-2', prefix: name, name: 'ok' }),
  'cloud download key': (name) => client.post('/apis/cloud-net-disk/auth/download-presigned', { regionCode: 'hd-2', key: name }),
  'cloud delete key': (name) => client.post('/apis/cloud-net-disk/auth/delete', { regionCode: 'hd-2', keys: [name] }, 'DELETE'),
  'cloud list prefix': (name) => client.get('/apis/cloud-net-disk/auth/list', { regionCode: 'hd-2', prefix: name }),
};

describe('path traversal and bad names', () => {
  it('every file endpoint refuses every bad name with code 422, writing nothing outside the user area', async () => {
    const before = new Set(listFiles(t.dataDir));
    // The same content already stored: an accepted merge would complete instantly and write a file.
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'ok.bin', chunkSize });
    expect((await client.post('/apis/orion/auth/file/mergeFile', cpuJson)).code).toBe(200);
    expect((await client.post('/apis/cloud-net-disk/auth/activation', { regionCode: 'hd-2' })).code).toBe(200);

    const wrong: string[] = [];
    for (const [endpoint, attempt] of Object.entries(nameAttempts)) {
      for (const name of badNames) {
        const { code } = await attempt(name);
        if (code !== 422) wrong.push(`${endpoint} ${JSON.stringify(name.slice(0, 40))} → ${code}`);
      }
    }
    for (const [endpoint, attempt] of Object.entries(folderAttempts)) {
      for (const name of badNames) {
        const { code } = await attempt(name);
        if (code !== 422) wrong.push(`${endpoint} ${JSON.stringify(name.slice(0, 40))} → ${code}`);
      }
    }
    expect(wrong).toEqual([]);

    const written = listFiles(t.dataDir).filter((file) => !before.has(file));
    const outside = written.filter((file) => !/^file-storage\/\d+\/\d+\/ok\.bin$/.test(file) && !file.startsWith('pglite/'));
    expect(outside).toEqual([]);
  }, 120_000);
});

describe('names holding a lone UTF-16 surrogate', () => {
  const loneSurrogates = ['\ud800.bin', 'a\udfffb', 'x\ud83d'];
  const jsonAttempts = Object.entries({ ...nameAttempts, ...folderAttempts }).filter(
    ([endpoint]) => !/ chunk (filename|path)$|orion download|cloud list/.test(endpoint),
  );

  it('are refused with code 422 by every endpoint taking a JSON name, so none is stored to fail its download later', async () => {
    const wrong: string[] = [];
    for (const [endpoint, attempt] of jsonAttempts) {
      for (const name of loneSurrogates) {
        const answer = await attempt(name);
        if (answer.code !== 422) wrong.push(`${endpoint} ${JSON.stringify(name)} → ${answer.code}`);
      }
    }
    expect(jsonAttempts.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
    const listed = await client.post('/apis/orion/auth/file/userDirs', { path: '' });
    expect((listed as unknown as { data: Array<{ name: string }> }).data.map((entry) => entry.name)).toEqual(['ok.bin']);
  });
});
