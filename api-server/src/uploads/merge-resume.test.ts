import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, uploads } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { storeUploadedFile } from './store-file.js';
import { md5Of, randomFile, UploadClient } from '../test-support/upload-client.js';
import { openUpload, openUploadById, receiveChunk, type UploadIdentity } from './upload-sessions.js';
import { areaKey, assemblyKey } from './user-areas.js';

let t: TestApp;
let userId: number;
const chunkSize = 64 * 1024;
const area = 'merge-resume';

beforeAll(async () => {
  t = await createTestApp();
  ({ userId } = await UploadClient.signedIn(t.app));
});
afterAll(() => t.close());

async function read(key: string, size: number) {
  const parts: Buffer[] = [];
  for await (const part of t.app.blobs.readRange(key, 0, size)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Sends every chunk of `bytes`, then does what a merge does up to its blob move and stops there, as a server killed at
 * that moment. `byId`: an upload opened before its MD5 was known, merged without one (the browser did not hash it).
 */
async function mergeCutAfterMove(bytes: Buffer, path: string, byId = false): Promise<UploadIdentity> {
  const identity: UploadIdentity = { kind: 'cpu', md5: md5Of(bytes), chunkSize, fileSize: bytes.length, fileName: path };
  const upload = byId ? await openUploadById(t.app, userId, identity) : await openUpload(t.app, userId, identity);
  for (let n = 1; n * chunkSize - chunkSize < bytes.length; n++) {
    await receiveChunk(t.app, upload, n, Readable.from([bytes.subarray((n - 1) * chunkSize, n * chunkSize)]));
  }
  expect(await t.app.uploads.md5.digest(upload)).toBe(identity.md5);
  await t.app.blobs.move(assemblyKey(upload.id), areaKey(userId, area, path));
  return byId ? { ...identity, md5: '', uploadId: upload.id } : identity;
}

const fileRow = async (path: string) =>
  (
    await t.app.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.userId, userId), eq(storedFiles.area, area), eq(storedFiles.path, path)))
  )[0];

describe('a merge cut short between moving the bytes and recording the file', () => {
  it('is finished when the merge is asked again: the file is recorded with its content and the upload let go', async () => {
    const bytes = randomFile(2 * chunkSize + 7);
    const identity = await mergeCutAfterMove(bytes, 'new.bin');
    expect(await fileRow('new.bin')).toBeUndefined();

    const stored = await storeUploadedFile(t.app, userId, identity, { area, path: 'new.bin' });
    expect(stored).toMatchObject({ size: bytes.length, md5: identity.md5 });
    expect(await fileRow('new.bin')).toMatchObject({ size: bytes.length, md5: identity.md5 });
    expect(md5Of(await read(areaKey(userId, area, 'new.bin'), bytes.length))).toBe(identity.md5);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.md5, identity.md5))).toEqual([]);
  });

  it('of an upload merged without a declared MD5: recorded with the MD5 of the bytes it moved', async () => {
    const bytes = randomFile(2 * chunkSize + 9);
    const identity = await mergeCutAfterMove(bytes, 'undeclared.bin', true);
    const stored = await storeUploadedFile(t.app, userId, identity, { area, path: 'undeclared.bin' });
    expect(stored).toMatchObject({ size: bytes.length, md5: md5Of(bytes) });
    expect(await t.app.db.select().from(uploads).where(eq(uploads.id, identity.uploadId!))).toEqual([]);
  });

  it('over an existing file of the same size: the row is brought to the new content, not left describing the old', async () => {
    const old = randomFile(chunkSize + 3);
    const oldIdentity = await mergeCutAfterMove(old, 'same.bin');
    await storeUploadedFile(t.app, userId, oldIdentity, { area, path: 'same.bin' });

    const replacement = randomFile(chunkSize + 3);
    const identity = await mergeCutAfterMove(replacement, 'same.bin');
    expect((await fileRow('same.bin'))!.md5).toBe(oldIdentity.md5);
    await storeUploadedFile(t.app, userId, identity, { area, path: 'same.bin' });
    expect(await fileRow('same.bin')).toMatchObject({ size: replacement.length, md5: identity.md5 });
  });

  it('with other bytes at the target than the upload declared, is not taken as done', async () => {
    const bytes = randomFile(chunkSize + 11);
    const identity = await mergeCutAfterMove(bytes, 'other.bin');
    await t.app.blobs.put(areaKey(userId, area, 'other.bin'), Readable.from([randomFile(chunkSize + 11)]));
    await expect(storeUploadedFile(t.app, userId, identity, { area, path: 'other.bin' })).rejects.toThrow();
    expect(await fileRow('other.bin')).toBeUndefined();
  });
});
