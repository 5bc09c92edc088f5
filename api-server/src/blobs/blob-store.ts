import type { Readable } from 'node:stream';

/** Keys are `/`-separated relative paths; a store refuses any key that would leave its root. */
export interface BlobStore {
  /**
   * Stores a stream under `key`, visible only once complete: a failed, aborted or over-long
   * (`maxBytes`) stream leaves nothing behind and rejects.
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
  /** Moves a blob to `to` in one atomic step, replacing what was there. */
  move(from: string, to: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Names directly under `prefix` (no recursion); empty when it does not exist. */
  list(prefix: string): Promise<string[]>;
  /** Removes a blob or everything under a prefix. */
  remove(keyOrPrefix: string): Promise<void>;
  /** Leftovers of writes interrupted by a crash, older than `olderThan`, are removed. */
  sweepTemporary(olderThan: Date): Promise<number>;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}
