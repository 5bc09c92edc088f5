import type { Readable } from 'node:stream';

/** Keys are `/`-separated relative paths; a store refuses any key that would leave its root. */
export interface BlobStore {
  /**
   * Stores a stream under `key`, visible only once complete: a failed, aborted or over-long
   * (`maxBytes`) stream leaves nothing behind and rejects. A key ending in `/` is a folder marker (empty).
   */
  put(key: string, source: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /**
   * Writes a stream into `key` from byte `offset` on (creating the blob), for assembling an upload
   * from chunks in any order; rejects past `maxBytes`. Not atomic: assembled blobs are moved into
   * place with `move` once whole.
   */
  writeAt(key: string, offset: number, source: Readable, options: { maxBytes: number }): Promise<{ size: number }>;
  /** Bytes [start, end) of a blob. */
  readRange(key: string, start: number, end: number): Readable;
  /**
   * The file holding a blob on this machine, for a store that keeps blobs as files (a local file tree can then
   * take it by a rename instead of a copy); absent for a remote store.
   */
  localFile?(key: string): string;
  /** Moves a blob to `to` in one atomic step, replacing what was there. */
  move(from: string, to: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** Null when there is no such blob; a key ending in `/` asks for a folder marker. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Names directly under `prefix` (no recursion); empty when it does not exist. */
  list(prefix: string): Promise<string[]>;
  /** Removes a blob or everything under a prefix. */
  remove(keyOrPrefix: string): Promise<void>;
  /** Leftovers of writes interrupted by a crash, older than `olderThan`, are removed. */
  sweepTemporary(olderThan: Date): Promise<number>;
  /**
   * One page of the blobs whose keys start with `prefix`, in key order; with the `/` delimiter, the
   * keys deeper than one more `/` are rolled up into `commonPrefixes` (S3 ListObjectsV2 semantics).
   */
  listPage(prefix: string, options?: ListPageOptions): Promise<BlobPage>;

  /** A URL a client PUTs exactly `size` bytes to, stored under `key`. */
  presignPut(key: string, size: number, expiry: TransferExpiry): Promise<string>;
  /**
   * Starts an upload of `key` in parts; its id names it in the calls below. With `partSize`, every part but the
   * last has that size (a store may then place parts as they arrive and refuse a part that does not fit).
   */
  createMultipartUpload(key: string, options?: { partSize?: number }): Promise<string>;
  /** A URL a client PUTs one part to (numbers from 1); the answer's ETag header names the part for `completeMultipartUpload`. */
  presignPart(key: string, uploadId: string, partNumber: number, expiry: TransferExpiry): Promise<string>;
  /** Joins the parts, in part-number order, into `key` in one step. */
  completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  /** A URL that answers the blob (HTTP range requests too) as an attachment named `fileName`. */
  presignGet(key: string, fileName: string, expiry: TransferExpiry): Promise<string>;
  /** Rejects when the store cannot be reached or written to now (the readiness check); cheap, changes nothing. */
  probe(): Promise<void>;
}

export interface ListPageOptions {
  delimiter?: '/';
  continuationToken?: string;
  /** At most this many objects and common prefixes together (1000 when unset). */
  maxKeys?: number;
}

export interface BlobObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface BlobPage {
  objects: BlobObject[];
  commonPrefixes: string[];
  /** Set when more follows: pass it back for the next page. */
  nextContinuationToken?: string;
}

/** When a transfer URL is signed and how long it stays valid. */
export interface TransferExpiry {
  now: Date;
  expiresInSeconds: number;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/** A key the store takes: `/`-separated, relative, no `.`/`..` or empty segment (a trailing `/` names a folder). */
export function checkBlobKey(key: string): string {
  const segments = key.split('/');
  const bad = segments.some((segment, index) => segment === '.' || segment === '..' || (segment === '' && index < segments.length - 1));
  if (key === '' || bad || /[\\\u0000]/.test(key)) throw new Error(`blob key outside the store: ${key}`);
  return key;
}

/** The origin a browser reaches for the store's transfer URLs, when it is not the portal's own (an object store's). */
export async function transferOrigin(store: BlobStore): Promise<string | null> {
  const probe = await store.presignGet('probe', 'probe', { now: new Date(), expiresInSeconds: 60 });
  return /^https?:\/\//.test(probe) ? new URL(probe).origin : null;
}

/** `attachment` with the name kept whole for every browser (RFC 6266 / 5987), and an ASCII fallback. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A key that would make one name both a file and a folder (`a` beside `a/b`), which a store of real folders cannot hold. */
export class KeyClashError extends Error {
  constructor(readonly key: string) {
    super(`a file and a folder would share a name: ${key}`);
    this.name = 'KeyClashError';
  }
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}
