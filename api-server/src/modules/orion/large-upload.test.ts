import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sliceMd5Bytes } from '@rc/api-contract/orion/upload';
import { storedFiles } from '../../db/index.js';
import { cleanAbandonedUploads } from '../../uploads/index.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { login, type TestApp } from '../../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));

/** Where file storage keeps a user's files: the default (local) cluster's folder. */
const stored = (relative: string) => path.join(t.dataDir, 'file-storage', '1', String(userId), relative);
const reserved = async (as = client) => (await as.post('/apis/orion/auth/file/userDirs/used', {})).data.reserved as number;
const open = (bytes: Buffer, fileName: string, as = client, sliceMd5?: string) =>
  as.post('/apis/orion/auth/file/chunk/open', { fileName, chunkSize, totalSize: bytes.length, path: 'large', sliceMd5 });
const sendChunk = (bytes: Buffer, fileName: string, uploadId: string, n: number, as = client) =>
  as.chunkForm(
    '/apis/orion/auth/file/chunk',
    {
      uploadId,
      filename: fileName,
      chunkNumber: n,
      totalChunks: Math.ceil(bytes.length / chunkSize),
      chunkSize,
      totalSize: bytes.length,
      path: 'large',
    },
    bytes.subarray((n - 1) * chunkSize, n * chunkSize),
  );
const check = (bytes: Buffer, fileName: string, uploadId: string, identifier?: string, as = client, sliceMd5?: string) =>
  as.post('/apis/orion/auth/file/chunk/check', {
    uploadId,
    identifier,
    fileName,
    chunkSize,
    totalSize: bytes.length,
    path: 'large',
    sliceMd5,
  });
/** What the browser sends as `sliceMd5`: the MD5 of the first 256 KiB. */
const sliceMd5 = (bytes: Buffer) => md5Of(bytes.subarray(0, sliceMd5Bytes));
const listedMd5 = async (name: string) =>
  ((await client.post('/apis/orion/auth/file/userDirs', { path: 'large' })).data as { name: string; md5: string }[]).find(
    (entry) => entry.name === name,
  )?.md5;
/** Merges with the MD5 of `bytes` declared, another one, or none (null). */
const merge = (bytes: Buffer, fileName: string, uploadId: string, identifier: string | null = md5Of(bytes), as = client) =>
  as.post('/apis/orion/auth/file/mergeFile', {
    uploadId,
    identifier: identifier ?? undefined,
    fileName,
    chunkSize,
    totalSize: bytes.length,
    path: 'large',
  });

describe('CPU upload opened before its MD5 is known', () => {
  it('reserves the size, takes chunks by upload id, checks the declared MD5 at merge and frees the reservation', async () => {
    const bytes = randomFile(3 * chunkSize + 99);
    const before = await reserved();
    const opened = await open(bytes, '大文件.bin');
    expect(opened).toMatchObject({ code: 200, data: { uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const { uploadId } = opened.data as { uploadId: string };
    expect(await reserved()).toBe(before + bytes.length);
    for (const n of [2, 4, 1]) expect((await sendChunk(bytes, '大文件.bin', uploadId, n)).code).toBe(200);
    expect((await check(bytes, '大文件.bin', uploadId)).data).toEqual({ skipUpload: false, uploaded: [1, 2, 4], maybeHeld: false });
    expect(await merge(bytes, '大文件.bin', uploadId)).toMatchObject({ code: 409, msg: '文件分片不完整（已收到3/4），请继续上传' });
    await sendChunk(bytes, '大文件.bin', uploadId, 3);
    expect(await merge(bytes, '大文件.bin', uploadId)).toMatchObject({
      code: 200,
      data: { path: 'large/大文件.bin', size: bytes.length, md5: md5Of(bytes) },
    });
    expect(md5Of(fs.readFileSync(stored('large/大文件.bin')))).toBe(md5Of(bytes));
    expect(await reserved()).toBe(before);
  });

  it('refuses a merge whose declared MD5 is not that of the bytes received, keeping nothing', async () => {
    const bytes = randomFile(2 * chunkSize);
    const { uploadId } = (await open(bytes, 'declared.bin')).data as { uploadId: string };
    await sendChunk(bytes, 'declared.bin', uploadId, 1);
    await sendChunk(bytes, 'declared.bin', uploadId, 2);
    const wrong = md5Of(Buffer.concat([bytes, Buffer.from('x')]));
    expect(await merge(bytes, 'declared.bin', uploadId, wrong)).toMatchObject({ code: 422, msg: '文件校验失败（MD5不一致），请重新上传' });
    expect(fs.existsSync(stored('large/declared.bin'))).toBe(false);
    expect(await check(bytes, 'declared.bin', uploadId)).toMatchObject({ code: 404, msg: '上传任务不存在或已过期，请重新上传' });
  });

  it('answers 秒传 once the MD5 is known and the content is stored: the open upload is given up and its reservation freed', async () => {
    const bytes = randomFile(3 * chunkSize);
    const first = (await open(bytes, 'first.bin')).data.uploadId as string;
    for (const n of [1, 2, 3]) await sendChunk(bytes, 'first.bin', first, n);
    expect((await merge(bytes, 'first.bin', first)).code).toBe(200);
    const before = await reserved();

    const second = (await open(bytes, 'second.bin')).data.uploadId as string;
    await sendChunk(bytes, 'second.bin', second, 1);
    expect((await check(bytes, 'second.bin', second)).data).toEqual({ skipUpload: false, uploaded: [1], maybeHeld: true });
    expect((await check(bytes, 'second.bin', second, md5Of(randomFile(3 * chunkSize)))).data).toEqual({ skipUpload: false, uploaded: [1] });
    expect((await check(bytes, 'second.bin', second, md5Of(bytes))).data).toEqual({ skipUpload: true, uploaded: [] });
    expect(await reserved()).toBe(before);
    expect(await sendChunk(bytes, 'second.bin', second, 2)).toMatchObject({ code: 404, msg: '上传任务不存在或已过期，请重新上传' });
    expect(await merge(bytes, 'second.bin', second)).toMatchObject({ code: 200, data: { path: 'large/second.bin' } });
    expect(md5Of(fs.readFileSync(stored('large/second.bin')))).toBe(md5Of(bytes));
  });

  it('says hashing can find the content held (maybeHeld) only when this user stores a file of the same size', async () => {
    const bytes = randomFile(5 * chunkSize + 7);
    const other = client.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
    const theirs = (await open(bytes, 'theirs.bin', other)).data as { uploadId: string; maybeHeld: boolean };
    expect(theirs.maybeHeld).toBe(false);
    for (const n of [1, 2, 3, 4, 5, 6]) await sendChunk(bytes, 'theirs.bin', theirs.uploadId, n, other);
    expect((await merge(bytes, 'theirs.bin', theirs.uploadId, null, other)).code).toBe(200);

    // Another user's file of this size tells this user nothing.
    const mine = (await open(bytes, 'mine-first.bin')).data as { uploadId: string; maybeHeld: boolean };
    expect(mine.maybeHeld).toBe(false);
    expect((await check(bytes, 'mine-first.bin', mine.uploadId)).data).toEqual({ skipUpload: false, uploaded: [], maybeHeld: false });
    for (const n of [1, 2, 3, 4, 5, 6]) await sendChunk(bytes, 'mine-first.bin', mine.uploadId, n);
    expect((await merge(bytes, 'mine-first.bin', mine.uploadId, null)).code).toBe(200);

    expect((await open(bytes, 'mine-again.bin')).data).toMatchObject({ maybeHeld: true });
    expect((await open(randomFile(5 * chunkSize + 8), 'other-size.bin')).data).toMatchObject({ maybeHeld: false });
  });

  it('with the MD5 of the first 256 KiB (sliceMd5), counts only a stored file of the same size that starts alike', async () => {
    const bytes = randomFile(5 * chunkSize + 11);
    const uploadId = (await open(bytes, 'start-a.bin')).data.uploadId as string;
    for (const n of [1, 2, 3, 4, 5, 6]) await sendChunk(bytes, 'start-a.bin', uploadId, n);
    expect((await merge(bytes, 'start-a.bin', uploadId, null)).code).toBe(200);

    const sameStart = Buffer.concat([bytes.subarray(0, sliceMd5Bytes), randomFile(bytes.length - sliceMd5Bytes)]);
    expect((await open(sameStart, 'same-start.bin', client, sliceMd5(sameStart))).data).toMatchObject({ maybeHeld: true });
    const otherStart = Buffer.concat([randomFile(sliceMd5Bytes), bytes.subarray(sliceMd5Bytes)]);
    const other = (await open(otherStart, 'other-start.bin', client, sliceMd5(otherStart))).data as {
      uploadId: string;
      maybeHeld: boolean;
    };
    expect(other.maybeHeld).toBe(false);
    // A resumed item asks again by its upload id: the same answer.
    expect((await check(otherStart, 'other-start.bin', other.uploadId, undefined, client, sliceMd5(otherStart))).data).toEqual({
      skipUpload: false,
      uploaded: [],
      maybeHeld: false,
    });
    // A client that sends no sliceMd5 is told by the size alone.
    expect((await open(otherStart, 'no-slice.bin')).data).toMatchObject({ maybeHeld: true });
    // The same size and start in another user's files tells this user nothing.
    const teacher = client.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
    expect((await open(sameStart, 'theirs-start.bin', teacher, sliceMd5(sameStart))).data).toMatchObject({ maybeHeld: false });
  });

  it('reads the first bytes of at most 16 stored files of the size: with more, hashing is taken to pay', async () => {
    const size = 1000;
    const store = async (bytes: Buffer, fileName: string) => {
      const uploadId = (await open(bytes, fileName)).data.uploadId as string;
      await sendChunk(bytes, fileName, uploadId, 1);
      expect((await merge(bytes, fileName, uploadId, null)).code).toBe(200);
    };
    for (let n = 1; n <= 16; n++) await store(randomFile(size), `same-size-${n}.bin`);
    const another = randomFile(size);
    expect((await open(another, 'another.bin', client, sliceMd5(another))).data).toMatchObject({ maybeHeld: false });
    await store(randomFile(size), 'same-size-17.bin');
    expect((await open(another, 'another-again.bin', client, sliceMd5(another))).data).toMatchObject({ maybeHeld: true });
  });

  it('merges an upload the browser did not hash without waiting for its MD5, records the MD5 once placed, and later uploads find it (秒传)', async () => {
    const bytes = randomFile(4 * chunkSize + 5);
    const uploadId = (await open(bytes, '未哈希.bin')).data.uploadId as string;
    // Hashing reads the assembled bytes back: nothing is read while the chunks arrive.
    const readBack = vi.spyOn(t.app.blobs, 'readRange');
    for (const n of [3, 1, 5, 2, 4]) await sendChunk(bytes, '未哈希.bin', uploadId, n);
    // What each chunk set going, awaited: hashing the chunks held would read them back now.
    await t.app.uploads.md5.advance({ id: uploadId, chunkSize, fileSize: bytes.length });
    expect(readBack).not.toHaveBeenCalled();
    readBack.mockRestore();
    expect(await merge(bytes, '未哈希.bin', uploadId, null)).toMatchObject({
      code: 200,
      data: { path: 'large/未哈希.bin', size: bytes.length, md5: '' },
    });
    expect(md5Of(fs.readFileSync(stored('large/未哈希.bin')))).toBe(md5Of(bytes));
    await t.app.uploads.placedFiles.idle();
    expect(await listedMd5('未哈希.bin')).toBe(md5Of(bytes));

    const again = (await open(bytes, 'again.bin')).data as { uploadId: string; maybeHeld: boolean };
    expect(again.maybeHeld).toBe(true);
    expect((await check(bytes, 'again.bin', again.uploadId, md5Of(bytes))).data).toEqual({ skipUpload: true, uploaded: [] });
    expect(await merge(bytes, 'again.bin', again.uploadId)).toMatchObject({
      code: 200,
      data: { path: 'large/again.bin', md5: md5Of(bytes) },
    });
  });

  it('hashes the bytes of an upload as they arrive once a file of its size is stored: its merge then compares the MD5 declared', async () => {
    const bytes = randomFile(2 * chunkSize + 3);
    const first = (await open(bytes, 'size-a.bin')).data.uploadId as string;
    await sendChunk(bytes, 'size-a.bin', first, 1);
    const other = randomFile(bytes.length);
    // Another file of that size is stored meanwhile; the resumed item is told so and hashes, and so does the server.
    const otherId = (await open(other, 'size-b.bin')).data.uploadId as string;
    for (const n of [1, 2, 3]) await sendChunk(other, 'size-b.bin', otherId, n);
    expect((await merge(other, 'size-b.bin', otherId, null)).code).toBe(200);
    expect((await check(bytes, 'size-a.bin', first)).data).toMatchObject({ maybeHeld: true });
    for (const n of [2, 3]) await sendChunk(bytes, 'size-a.bin', first, n);
    expect(await merge(bytes, 'size-a.bin', first, md5Of(other))).toMatchObject({
      code: 422,
      msg: '文件校验失败（MD5不一致），请重新上传',
    });
  });

  it('hashes again a file placed unhashed whose hashing a restart cut short, and records no MD5 for one written over before it was hashed', async () => {
    const bytes = randomFile(2 * chunkSize);
    const uploadId = (await open(bytes, 'changed.bin')).data.uploadId as string;
    for (const n of [1, 2]) await sendChunk(bytes, 'changed.bin', uploadId, n);
    expect((await merge(bytes, 'changed.bin', uploadId, null)).code).toBe(200);
    await t.app.uploads.placedFiles.idle();
    const [row] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.path, 'large/changed.bin'));
    const notHashed = async () => {
      await t.app.db.update(storedFiles).set({ md5: '' }).where(eq(storedFiles.id, row!.id));
      expect(await listedMd5('changed.bin')).toBe('');
    };

    // As if the server stopped before the hash was recorded: the upload clean-up pass hands the file over again.
    await notHashed();
    await cleanAbandonedUploads(t.app);
    await t.app.uploads.placedFiles.idle();
    expect(await listedMd5('changed.bin')).toBe(md5Of(bytes));

    // Written over SSH (same size, a new time) before its hash was recorded: the MD5 of the new bytes is not the upload's.
    await notHashed();
    fs.writeFileSync(stored('large/changed.bin'), randomFile(bytes.length));
    const writtenAt = new Date(row!.createdAt.getTime() + 60_000);
    fs.utimesSync(stored('large/changed.bin'), writtenAt, writtenAt);
    await cleanAbandonedUploads(t.app);
    await t.app.uploads.placedFiles.idle();
    const [after] = await t.app.db.select().from(storedFiles).where(eq(storedFiles.id, row!.id));
    expect(after!.md5).toBe('');
  });

  it('refuses a merge with neither an MD5 nor an upload id, and one without an MD5 whose chunks are missing', async () => {
    const bytes = randomFile(2 * chunkSize);
    const noId = await client.post('/apis/orion/auth/file/mergeFile', {
      fileName: 'x.bin',
      chunkSize,
      totalSize: bytes.length,
      path: 'large',
    });
    expect(noId).toMatchObject({ code: 422, msg: '文件标识不能为空' });
    const uploadId = (await open(bytes, 'half.bin')).data.uploadId as string;
    await sendChunk(bytes, 'half.bin', uploadId, 1);
    expect(await merge(bytes, 'half.bin', uploadId, null)).toMatchObject({
      code: 409,
      msg: '文件分片不完整（已收到1/2），请继续上传',
    });
    expect(fs.existsSync(stored('large/half.bin'))).toBe(false);
  });

  it("refuses another user's upload id on every call and leaves that upload as it was", async () => {
    const bytes = randomFile(2 * chunkSize);
    const uploadId = (await open(bytes, 'mine.bin')).data.uploadId as string;
    await sendChunk(bytes, 'mine.bin', uploadId, 1);
    const other = client.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
    const gone = { code: 404, msg: '上传任务不存在或已过期，请重新上传' };
    expect(await sendChunk(bytes, 'mine.bin', uploadId, 2, other)).toMatchObject(gone);
    expect(await check(bytes, 'mine.bin', uploadId, undefined, other)).toMatchObject(gone);
    expect(await merge(bytes, 'mine.bin', uploadId, md5Of(bytes), other)).toMatchObject({ code: 409 });
    expect((await check(bytes, 'mine.bin', uploadId)).data).toMatchObject({ skipUpload: false, uploaded: [1] });
    await sendChunk(bytes, 'mine.bin', uploadId, 2);
    expect((await merge(bytes, 'mine.bin', uploadId)).code).toBe(200);
  });

  it('refuses chunks cut differently from the opened upload, an open past the quota, and a hash-first check without its MD5', async () => {
    const bytes = randomFile(2 * chunkSize);
    const uploadId = (await open(bytes, 'cut.bin')).data.uploadId as string;
    const wrongSize = await client.chunkForm(
      '/apis/orion/auth/file/chunk',
      { uploadId, filename: 'cut.bin', chunkNumber: 1, totalChunks: 1, chunkSize: 2 * chunkSize, totalSize: bytes.length },
      bytes.subarray(0, 100),
    );
    expect(wrongSize).toMatchObject({ code: 422, msg: '分片大小或文件大小与上传任务不符' });
    const quota = t.app.uploads.settings.quotaBytes;
    const used = (await client.post('/apis/orion/auth/file/userDirs/used', {})).data;
    t.app.uploads.settings.quotaBytes = used.used + used.reserved + chunkSize;
    try {
      expect(await open(bytes, 'over.bin')).toMatchObject({ code: 409, msg: '存储空间不足，请清理文件后再上传' });
    } finally {
      t.app.uploads.settings.quotaBytes = quota;
    }
    const noMd5 = await client.post('/apis/orion/auth/file/chunk/check', { fileName: 'cut.bin', chunkSize, totalSize: bytes.length });
    expect(noMd5).toMatchObject({ code: 422, msg: '文件标识不能为空' });
  });
});
