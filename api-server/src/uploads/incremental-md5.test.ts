import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalFolderStore } from '../blobs/local-folder-store.js';
import { TransferSigner } from '../blobs/local-transfer.js';
import { IncrementalMd5 } from './incremental-md5.js';
import { assemblyKey, chunkKey } from './user-areas.js';

const chunkSize = 64 * 1024;
let folder: string;
let blobs: LocalFolderStore;
let md5: IncrementalMd5;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-md5-'));
  blobs = new LocalFolderStore(folder, new TransferSigner(Buffer.from('test')));
  md5 = new IncrementalMd5(blobs);
});
afterEach(async () => {
  await md5.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Writes chunk `n` (from 1) of `bytes` into the upload's assembly and marks it held, as the chunk receiver does. */
async function hold(id: string, bytes: Buffer, n: number): Promise<void> {
  const start = (n - 1) * chunkSize;
  await blobs.writeAt(assemblyKey(id), start, Readable.from([bytes.subarray(start, start + chunkSize)]), { maxBytes: chunkSize });
  await blobs.put(chunkKey(id, n), Readable.from([]));
}

const upload = (id: string, bytes: Buffer) => ({ id, chunkSize, fileSize: bytes.length });
const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('IncrementalMd5 (hashing on its own thread)', () => {
  it('hashes chunks arriving out of order in file order, and knows the MD5 only once every chunk is held', async () => {
    const bytes = randomBytes(3 * chunkSize + 1000);
    for (const n of [2, 4, 1]) {
      await hold('a', bytes, n);
      await md5.advance(upload('a', bytes));
    }
    expect(await md5.digest(upload('a', bytes))).toBeNull();
    await hold('a', bytes, 3);
    await md5.advance(upload('a', bytes));
    expect(await md5.digest(upload('a', bytes))).toBe(md5Of(bytes));
  });

  it('after forget (as after a restart) hashes the whole file again, untouched by the earlier run', async () => {
    const bytes = randomBytes(4 * chunkSize);
    for (const n of [1, 2, 3, 4]) await hold('b', bytes, n);
    const running = md5.advance(upload('b', bytes));
    md5.forget('b');
    await running;
    expect(await md5.digest(upload('b', bytes))).toBe(md5Of(bytes));
  });

  it('a digest asked for after the thread stopped fails instead of waiting forever', async () => {
    const bytes = randomBytes(chunkSize);
    await hold('c', bytes, 1);
    await md5.close();
    await expect(md5.digest(upload('c', bytes))).rejects.toThrow(/MD5 thread/);
  });

  it('starts its thread with the first upload, stops it once none is being hashed, and starts one again', async () => {
    await md5.close();
    md5 = new IncrementalMd5(blobs, 10);
    expect(md5.isRunning).toBe(false);
    const first = randomBytes(2 * chunkSize);
    for (const n of [1, 2]) await hold('d', first, n);
    expect(await md5.digest(upload('d', first))).toBe(md5Of(first));
    expect(md5.isRunning).toBe(true);
    md5.forget('d');
    await vi.waitFor(() => expect(md5.isRunning).toBe(false), { timeout: 20_000 });

    const second = randomBytes(chunkSize + 10);
    for (const n of [1, 2]) await hold('e', second, n);
    expect(await md5.digest(upload('e', second))).toBe(md5Of(second));
  });

  it('keeps its thread while an upload is still being hashed', async () => {
    await md5.close();
    md5 = new IncrementalMd5(blobs, 0);
    const bytes = randomBytes(2 * chunkSize);
    await hold('f', bytes, 1);
    await md5.advance(upload('f', bytes));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(md5.isRunning).toBe(true);
    await hold('f', bytes, 2);
    expect(await md5.digest(upload('f', bytes))).toBe(md5Of(bytes));
  });

  it('leaves a deferred upload unhashed as it arrives, and hashes it whole when its digest is asked for after all', async () => {
    const bytes = randomBytes(3 * chunkSize + 5);
    md5.defer('g');
    const readBack = vi.spyOn(blobs, 'readRange');
    for (const n of [1, 2, 3, 4]) {
      await hold('g', bytes, n);
      await md5.advance(upload('g', bytes));
    }
    expect(readBack).not.toHaveBeenCalled();
    expect(await md5.digest(upload('g', bytes))).toBe(md5Of(bytes));
    expect(md5.isDeferred('g')).toBe(false);
  });

  it('hashes a whole file on its thread, and keeps the thread until it is done', async () => {
    await md5.close();
    md5 = new IncrementalMd5(blobs, 0);
    const bytes = randomBytes(5 * chunkSize + 1);
    let go!: () => void;
    const otherDone = new Promise<void>((resolve) => (go = resolve));
    const pieces = async function* () {
      yield bytes.subarray(0, chunkSize);
      await otherDone;
      yield bytes.subarray(chunkSize);
    };
    const whole = md5.hashOf(pieces());
    // An upload's digest settling meanwhile would stop an idle thread: this one is not idle.
    const other = randomBytes(chunkSize);
    await hold('h', other, 1);
    expect(await md5.digest(upload('h', other))).toBe(md5Of(other));
    md5.forget('h');
    await new Promise((resolve) => setTimeout(resolve, 50));
    go();
    expect(await whole).toBe(md5Of(bytes));
    expect(await md5.hashOf(Readable.from([]))).toBe(md5Of(Buffer.alloc(0)));
  });
});
