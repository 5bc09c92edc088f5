import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.js';
import type { TestApp } from '../../test-support/test-app.js';
import { cleanAbandonedUploads } from '../../uploads/cleanup.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));

// Files land in the user's folder of the default cluster (the local one, id 1 on a fresh database).
const stored = (relative: string) => path.join(t.dataDir, 'file-storage', '1', String(userId), relative);
const uploadsLeft = () => fs.readdirSync(path.join(t.dataDir, 'blobs/uploads'), { withFileTypes: true }).length;
const merge = (bytes: Buffer, fileName: string, uploadPath = '') =>
  client.post('/apis/orion/auth/file/mergeFile', {
    fileName,
    identifier: md5Of(bytes),
    chunkSize,
    totalSize: bytes.length,
    path: uploadPath,
  });
const check = (bytes: Buffer, fileName: string, uploadPath = '') =>
  client.post('/apis/orion/auth/file/chunk/check', {
    identifier: md5Of(bytes),
    fileName,
    chunkSize,
    totalSize: bytes.length,
    path: uploadPath,
  });

describe('CPU chunked upload', () => {
  it('receives chunks, merges them into the file storage and lists the file', async () => {
    const bytes = randomFile(3 * chunkSize + 1234);
    expect((await check(bytes, '数据集.bin', 'datasets/v1')).data).toEqual({ skipUpload: false, uploaded: [] });
    const answers = await client.sendChunks('/apis/orion/auth/file/chunk', bytes, {
      fileName: '数据集.bin',
      chunkSize,
      uploadPath: 'datasets/v1',
    });
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    const merged = await merge(bytes, '数据集.bin', 'datasets/v1');
    expect(merged).toMatchObject({
      code: 200,
      msg: '文件上传成功',
      data: { path: 'datasets/v1/数据集.bin', size: bytes.length, md5: md5Of(bytes) },
    });
    expect(md5Of(fs.readFileSync(stored('datasets/v1/数据集.bin')))).toBe(md5Of(bytes));
    expect(uploadsLeft()).toBe(0);
    const root = await client.post('/apis/orion/auth/file/userDirs', {});
    expect(root.data).toEqual([expect.objectContaining({ name: 'datasets', isDir: true })]);
    const folder = await client.post('/apis/orion/auth/file/userDirs', { path: 'datasets/v1' });
    expect(folder.data).toEqual([expect.objectContaining({ name: '数据集.bin', isDir: false, size: bytes.length, md5: md5Of(bytes) })]);
  });

  it('lists the MD5 of an uploaded file, and gives it for 秒传, only while the file holds what was uploaded', async () => {
    const bytes = randomFile(chunkSize + 5);
    for (const name of ['kept.bin', 'rewritten.bin']) {
      await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: name, chunkSize, uploadPath: 'md5s' });
      expect((await merge(bytes, name, 'md5s')).code).toBe(200);
    }
    // Written afterwards over SSH or SFTP, which record nothing: other bytes of the same size; and a file never uploaded.
    fs.writeFileSync(stored('md5s/rewritten.bin'), randomFile(chunkSize + 5));
    // A write takes the time it happens: a minute after the upload (written at once, it could fall in the same second).
    const later = new Date(t.clock.now().getTime() + 60_000);
    fs.utimesSync(stored('md5s/rewritten.bin'), later, later);
    fs.writeFileSync(stored('md5s/written.bin'), bytes);
    const listed = (await client.post('/apis/orion/auth/file/userDirs', { path: 'md5s' })).data as { name: string; md5: string }[];
    expect(Object.fromEntries(listed.map((entry) => [entry.name, entry.md5]))).toEqual({
      'kept.bin': md5Of(bytes),
      'rewritten.bin': '',
      'written.bin': '',
    });

    fs.rmSync(stored('md5s/kept.bin'));
    expect((await check(bytes, 'again.bin', 'md5s')).data).toEqual({ skipUpload: false, uploaded: [] });
    fs.rmSync(stored('md5s'), { recursive: true });
  });

  it('says which chunks it holds, so an interrupted upload sends only the missing ones', async () => {
    const bytes = randomFile(4 * chunkSize);
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'resume.bin', chunkSize, numbers: [1, 3] });
    expect((await check(bytes, 'resume.bin')).data).toEqual({ skipUpload: false, uploaded: [1, 3] });
    expect(await merge(bytes, 'resume.bin')).toMatchObject({ code: 409, msg: '文件分片不完整（已收到2/4），请继续上传' });
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'resume.bin', chunkSize, numbers: [2, 4] });
    expect((await merge(bytes, 'resume.bin')).code).toBe(200);
    expect(md5Of(fs.readFileSync(stored('resume.bin')))).toBe(md5Of(bytes));
  });

  it('completes an upload of content the user already stores without any chunk (秒传)', async () => {
    const bytes = randomFile(2 * chunkSize);
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'first.bin', chunkSize });
    expect((await merge(bytes, 'first.bin')).code).toBe(200);
    expect((await check(bytes, 'copy.bin', 'again')).data).toEqual({ skipUpload: true, uploaded: [] });
    expect((await merge(bytes, 'copy.bin', 'again')).code).toBe(200);
    expect(md5Of(fs.readFileSync(stored('again/copy.bin')))).toBe(md5Of(bytes));
  });

  it('refuses a merge whose content does not match the declared MD5, leaving nothing at the target', async () => {
    const bytes = randomFile(2 * chunkSize);
    const forged = Buffer.from(bytes);
    forged[10] = forged[10]! ^ 0xff;
    const fields = (n: number, part: Buffer) =>
      [
        { identifier: md5Of(bytes), filename: 'forged.bin', chunkNumber: n, totalChunks: 2, chunkSize, totalSize: bytes.length },
        part,
      ] as const;
    await client.chunkForm('/apis/orion/auth/file/chunk', ...fields(1, forged.subarray(0, chunkSize)));
    await client.chunkForm('/apis/orion/auth/file/chunk', ...fields(2, forged.subarray(chunkSize)));
    expect(await merge(bytes, 'forged.bin')).toMatchObject({ code: 422, msg: '文件校验失败（MD5不一致），请重新上传' });
    expect(fs.existsSync(stored('forged.bin'))).toBe(false);
    expect((await check(bytes, 'forged.bin')).data.uploaded).toEqual([]);
  });

  it('verifies the MD5 at merge even when nothing was hashed in memory (after a restart)', async () => {
    const bytes = randomFile(3 * chunkSize);
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'restarted.bin', chunkSize });
    const [row] = await t.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.md5, md5Of(bytes)));
    t.app.uploads.md5.forget(row!.id);
    expect((await merge(bytes, 'restarted.bin')).code).toBe(200);
    expect(md5Of(fs.readFileSync(stored('restarted.bin')))).toBe(md5Of(bytes));
  });

  it('keeps the bytes of a chunk it already holds when the chunk is sent again', async () => {
    const bytes = randomFile(2 * chunkSize);
    const fields = { identifier: md5Of(bytes), filename: 'kept.bin', chunkNumber: 1, totalChunks: 2, chunkSize, totalSize: bytes.length };
    expect((await client.chunkForm('/apis/orion/auth/file/chunk', fields, bytes.subarray(0, chunkSize))).code).toBe(200);
    expect((await client.chunkForm('/apis/orion/auth/file/chunk', fields, randomFile(chunkSize))).code).toBe(200);
    await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'kept.bin', chunkSize, numbers: [2] });
    expect((await merge(bytes, 'kept.bin')).code).toBe(200);
    expect(md5Of(fs.readFileSync(stored('kept.bin')))).toBe(md5Of(bytes));
  });

  it('refuses a chunk of the wrong size', async () => {
    const bytes = randomFile(2 * chunkSize);
    const answer = await client.chunkForm(
      '/apis/orion/auth/file/chunk',
      { identifier: md5Of(bytes), filename: 'short.bin', chunkNumber: 1, totalChunks: 2, chunkSize, totalSize: bytes.length },
      bytes.subarray(0, 100),
    );
    expect(answer).toMatchObject({ code: 422, msg: '分片1大小不正确' });
  });

  it('refuses uploads past the quota with 409 and reports usage', async () => {
    const used = (await client.post('/apis/orion/auth/file/userDirs/used', {})).data;
    const quota = t.app.uploads.settings.quotaBytes;
    t.app.uploads.settings.quotaBytes = used.used + used.reserved + chunkSize;
    try {
      const bytes = randomFile(2 * chunkSize);
      expect(await check(bytes, 'big.bin')).toMatchObject({ code: 409, msg: '存储空间不足，请清理文件后再上传' });
      const [first] = await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'big.bin', chunkSize, numbers: [1] });
      expect(first!.code).toBe(409);
    } finally {
      t.app.uploads.settings.quotaBytes = quota;
    }
  });

  it('cuts the connection of chunk requests when fault injection says so', async () => {
    t.app.uploads.settings.faultInjection.dropChunkRatio = 0.999;
    try {
      const bytes = randomFile(chunkSize);
      await expect(client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName: 'dropped.bin', chunkSize })).rejects.toThrow();
    } finally {
      t.app.uploads.settings.faultInjection.dropChunkRatio = 0;
    }
  });
  // Last: moving the clock a day on also ends the test session.
  it('removes uploads left idle for 24 hours, with their chunks; a chunk counts as activity', async () => {
    const idle = randomFile(3 * chunkSize);
    const active = randomFile(3 * chunkSize);
    await client.sendChunks('/apis/orion/auth/file/chunk', idle, { fileName: 'abandoned.bin', chunkSize, numbers: [1] });
    await client.sendChunks('/apis/orion/auth/file/chunk', active, { fileName: 'continued.bin', chunkSize, numbers: [1] });
    t.clock.advance(23 * 3_600_000);
    expect(await cleanAbandonedUploads(t.app)).toBe(0);
    await client.sendChunks('/apis/orion/auth/file/chunk', active, { fileName: 'continued.bin', chunkSize, numbers: [2] });
    t.clock.advance(3_600_000 + 1);
    expect(await cleanAbandonedUploads(t.app)).toBeGreaterThanOrEqual(1);
    const [left] = fs.readdirSync(path.join(t.dataDir, 'blobs/uploads'));
    expect(uploadsLeft()).toBe(1);
    expect(fs.readdirSync(path.join(t.dataDir, 'blobs/uploads', left!)).sort()).toEqual(['1', '2', 'data']);
  });
});
