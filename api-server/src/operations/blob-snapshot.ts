import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline as pipe, Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobObject, BlobStore } from '../blobs/index.js';

/** One blob of a snapshot; folder markers (keys ending in `/`) have no file. */
export interface BlobEntry {
  key: string;
  size: number;
  sha256: string;
  md5: string;
  /** Relative to the snapshot folder: numbered, since keys need not make valid paths together (`a` and `a/b`). */
  file?: string;
}

export interface BlobDigest {
  size: number;
  sha256: string;
  md5: string;
}

/** Every blob of the store, folder markers included, in key order. */
export async function listAllBlobs(store: BlobStore): Promise<BlobObject[]> {
  const blobs: BlobObject[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await store.listPage('', { continuationToken });
    blobs.push(...page.objects);
    continuationToken = page.nextContinuationToken;
  } while (continuationToken);
  return blobs;
}

/** Hashes what passes through. */
function digesting(): { transform: Transform; digest: () => BlobDigest } {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sha256.update(chunk);
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { transform, digest: () => ({ size, sha256: sha256.digest('hex'), md5: md5.digest('hex') }) };
}

function isFolderMarker(key: string): boolean {
  return key.endsWith('/');
}

const emptyDigest: BlobDigest = {
  size: 0,
  sha256: createHash('sha256').digest('hex'),
  md5: createHash('md5').digest('hex'),
};

/**
 * Copies every blob into `dir/blobs/`. Blobs are written once and replaced whole, so each copy is a blob as it was
 * at some moment of the copy; one removed meanwhile is left out.
 */
export async function dumpBlobs(store: BlobStore, dir: string): Promise<BlobEntry[]> {
  fs.mkdirSync(path.join(dir, 'blobs'), { recursive: true });
  const entries: BlobEntry[] = [];
  for (const blob of await listAllBlobs(store)) {
    if (isFolderMarker(blob.key)) {
      entries.push({ key: blob.key, ...emptyDigest });
      continue;
    }
    const file = path.join('blobs', String(entries.length).padStart(8, '0'));
    const { transform, digest } = digesting();
    try {
      await pipeline(store.readRange(blob.key, 0, blob.size), transform, fs.createWriteStream(path.join(dir, file)));
    } catch (error) {
      if ((await store.stat(blob.key)) === null) continue;
      throw error;
    }
    entries.push({ key: blob.key, ...digest(), file });
  }
  return entries;
}

/** Stores the snapshot's blobs in `store` (check them with `differingBlobs` afterwards). */
export async function loadBlobs(store: BlobStore, dir: string, entries: BlobEntry[]): Promise<void> {
  for (const entry of entries) {
    await store.put(entry.key, entry.file ? fs.createReadStream(path.join(dir, entry.file)) : Readable.from([]));
  }
}

/**
 * Stores every blob of `from` in `to` under the same key, hashing the bytes as they pass: the digests of the source,
 * for `differingBlobs(to, ...)` to check what `to` answers afterwards. Nothing may write to `from` meanwhile.
 */
export async function copyBlobs(from: BlobStore, to: BlobStore): Promise<BlobEntry[]> {
  const entries: BlobEntry[] = [];
  for (const blob of await listAllBlobs(from)) {
    if (isFolderMarker(blob.key)) {
      await to.put(blob.key, Readable.from([]));
      entries.push({ key: blob.key, ...emptyDigest });
      continue;
    }
    const { transform, digest } = digesting();
    // A failed read destroys the transform, which fails the put.
    pipe(from.readRange(blob.key, 0, blob.size), transform, () => {});
    await to.put(blob.key, transform);
    entries.push({ key: blob.key, ...digest() });
  }
  return entries;
}

/** The digest of a blob as the store answers it now. */
export async function blobDigest(store: BlobStore, key: string, size: number): Promise<BlobDigest> {
  if (isFolderMarker(key)) return emptyDigest;
  const { transform, digest } = digesting();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(store.readRange(key, 0, size), transform, discard);
  return digest();
}

/** The entries whose blob in `store` is missing or differs from the recorded digest. */
export async function differingBlobs(store: BlobStore, entries: BlobEntry[]): Promise<string[]> {
  const differing: string[] = [];
  for (const entry of entries) {
    const stat = await store.stat(entry.key);
    if (!stat || stat.size !== entry.size || (await blobDigest(store, entry.key, entry.size)).sha256 !== entry.sha256) {
      differing.push(entry.key);
    }
  }
  return differing;
}
