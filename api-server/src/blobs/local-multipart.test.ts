import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooLargeError } from './blob-store.js';
import { LocalFolderStore } from './local-folder-store.js';
import { TransferSigner } from './local-transfer.js';

const MiB = 1024 * 1024;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
let root: string;
let store: LocalFolderStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rc-local-multipart-'));
  store = new LocalFolderStore(root, new TransferSigner(randomBytes(32)));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const assemblyOf = (uploadId: string) => path.join(root, '.multipart', uploadId, 'assembly');

describe('local folder store: an upload in parts of a declared size', () => {
  it('writes each part in place, in any order, and completes by renaming: the object is the assembly itself', async () => {
    const partSize = 5 * MiB;
    const bytes = randomBytes(2 * partSize + 1234);
    const uploadId = await store.createMultipartUpload('d/in-place.bin', { partSize });
    const parts = [];
    for (const number of [3, 1, 2]) {
      const slice = bytes.subarray((number - 1) * partSize, number * partSize);
      const etag = await store.putPart('d/in-place.bin', uploadId, number, Readable.from([slice]), 64 * MiB);
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      parts.push({ partNumber: number, etag });
    }
    expect(new Set(parts.map((part) => part.etag)).size).toBe(3);
    const assembled = fs.statSync(assemblyOf(uploadId)).ino;
    await store.completeMultipartUpload('d/in-place.bin', uploadId, parts);
    const stored = path.join(root, 'd/in-place.bin');
    expect(fs.statSync(stored).ino).toBe(assembled);
    expect(md5(fs.readFileSync(stored))).toBe(md5(bytes));
    expect(fs.existsSync(path.join(root, '.multipart', uploadId))).toBe(false);
  });

  it('refuses a part longer than the declared size, and will not complete when a part but the last is short', async () => {
    const partSize = 64 * 1024;
    const uploadId = await store.createMultipartUpload('d/uneven.bin', { partSize });
    await expect(store.putPart('d/uneven.bin', uploadId, 1, Readable.from([randomBytes(partSize + 1)]), MiB)).rejects.toThrow(
      TooLargeError,
    );
    const first = await store.putPart('d/uneven.bin', uploadId, 1, Readable.from([randomBytes(partSize - 1)]), MiB);
    const second = await store.putPart('d/uneven.bin', uploadId, 2, Readable.from([randomBytes(10)]), MiB);
    const parts = [
      { partNumber: 1, etag: first },
      { partNumber: 2, etag: second },
    ];
    await expect(store.completeMultipartUpload('d/uneven.bin', uploadId, parts)).rejects.toThrow(/declared part size/);
    expect(await store.stat('d/uneven.bin')).toBeNull();
  });

  it('names each write of a part: the same bytes stored again get a new ETag, and completing with the old one is refused', async () => {
    const partSize = 64 * 1024;
    const bytes = randomBytes(partSize);
    const uploadId = await store.createMultipartUpload('d/again.bin', { partSize });
    const first = await store.putPart('d/again.bin', uploadId, 1, Readable.from([bytes]), MiB);
    const again = await store.putPart('d/again.bin', uploadId, 1, Readable.from([bytes]), MiB);
    expect(again).not.toBe(first);
    await expect(store.completeMultipartUpload('d/again.bin', uploadId, [{ partNumber: 1, etag: first }])).rejects.toThrow(
      `part 1 of ${uploadId} is not there`,
    );
    await store.completeMultipartUpload('d/again.bin', uploadId, [{ partNumber: 1, etag: again }]);
    expect(md5(fs.readFileSync(path.join(root, 'd/again.bin')))).toBe(md5(bytes));
  });
});
