import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type TestApp } from '../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
let other: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));
beforeAll(async () => {
  other = client.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
});

// Files land in the user's folder of the default cluster (the local one, id 1 on a fresh database).
const stored = (relative: string) => path.join(t.dataDir, 'file-storage', '1', String(userId), relative);

async function storeFile(uploadPath: string, fileName: string, size: number): Promise<Buffer> {
  const bytes = randomFile(size);
  await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize, uploadPath });
  const merged = await client.post('/apis/orion/auth/file/mergeFile', {
    fileName,
    identifier: md5Of(bytes),
    chunkSize,
    totalSize: size,
    path: uploadPath,
  });
  expect(merged.code).toBe(200);
  return bytes;
}

const used = async () => (await client.post('/apis/orion/auth/file/userDirs/used', {})).data.used as number;
const names = async (folder: string) =>
  ((await client.post('/apis/orion/auth/file/userDirs', { path: folder })).data as { name: string }[]).map((e) => e.name);

describe('stored files: download, removal and the upload speed test', () => {
  it('downloads through a form post with the token a hidden field, keeping a Chinese file name', async () => {
    const bytes = await storeFile('报告', '季度 总结.bin', 2 * chunkSize + 10);
    const response = await client.postForm('/apis/orion/auth/file/download', { path: '报告/季度 总结.bin' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="__ __.bin"; filename*=UTF-8''${encodeURIComponent('季度 总结.bin')}`,
    );
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(md5Of(Buffer.from(await response.arrayBuffer()))).toBe(md5Of(bytes));
  });

  it("refuses a download without a session, of a missing file, of another account's file, and outside the storage", async () => {
    await storeFile('', 'mine.bin', 1000);
    expect(await (await client.postForm('/apis/orion/auth/file/download', { path: 'mine.bin' }, 'none')).json()).toMatchObject({
      code: 401,
    });
    expect(await (await client.postForm('/apis/orion/auth/file/download', { path: 'absent.bin' })).json()).toMatchObject({
      code: 404,
      msg: '文件不存在或已删除',
    });
    expect(await (await other.postForm('/apis/orion/auth/file/download', { path: 'mine.bin' })).json()).toMatchObject({ code: 404 });
    for (const bad of ['../mine.bin', '/etc/passwd', '%2e%2e/x']) {
      expect(await (await client.postForm('/apis/orion/auth/file/download', { path: bad })).json()).toMatchObject({ code: 422 });
    }
  });

  it('removes a file and a whole folder, giving their space back; never the root, never twice', async () => {
    await storeFile('trash', 'a.bin', 3000);
    await storeFile('trash/deeper', 'b.bin', 4000);
    const keep = await storeFile('', 'keep.bin', 5000);
    const before = await used();

    expect(await client.post('/apis/orion/auth/file/remove', { path: 'trash/a.bin' })).toMatchObject({
      code: 200,
      msg: '删除成功',
      data: { files: 1, bytes: 3000 },
    });
    expect(fs.existsSync(stored('trash/a.bin'))).toBe(false);
    expect(await names('trash')).toEqual(['deeper']);

    expect(await client.post('/apis/orion/auth/file/remove', { path: 'trash' })).toMatchObject({
      code: 200,
      data: { files: 1, bytes: 4000 },
    });
    expect(fs.existsSync(stored('trash'))).toBe(false);
    expect(await names('')).not.toContain('trash');
    expect(await used()).toBe(before - 7000);

    expect(await client.post('/apis/orion/auth/file/remove', { path: 'trash' })).toMatchObject({ code: 404 });
    expect(await client.post('/apis/orion/auth/file/remove', { path: '' })).toMatchObject({ code: 422 });
    expect(await other.post('/apis/orion/auth/file/remove', { path: 'keep.bin' })).toMatchObject({ code: 404 });
    expect(md5Of(fs.readFileSync(stored('keep.bin')))).toBe(md5Of(keep));
  });

  it('counts and drops what the speed test sends, up to 16 MB', async () => {
    expect(await client.postBytes('/apis/orion/auth/file/speedTest', randomFile(5 * 1024 * 1024))).toMatchObject({
      code: 200,
      data: { bytes: 5 * 1024 * 1024 },
    });
    expect(await client.postBytes('/apis/orion/auth/file/speedTest', randomFile(16 * 1024 * 1024 + 1))).toMatchObject({ code: 422 });
  });
});
