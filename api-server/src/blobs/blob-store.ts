import type { Readable } from 'node:stream';

/** Keys are `/`-separated relative paths; a store refuses any key that would leave its root. */
export interface BlobStore {
  /**
   * Stores a stream under `key`, visible only once complete: a failed, aborted or over-long
   * (`maxBytes`) stream leaves nothing behind and rejects.
   */
  put(key: string, source: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /**
   * Concatenates `parts` into `key` while computing their MD5. When `expectedMd5` is given and
   * differs, nothing is written and the call rejects with `Md5MismatchError`. The move into place
   * is atomic: readers see either the old blob or the whole new one.
   */
  compose(parts: string[], key: string, expectedMd5?: string): Promise<{ size: number; md5: string }>;
  copy(from: string, to: string): Promise<void>;
  read(key: string): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  /** Names directly under `prefix` (no recursion); empty when it does not exist. */
  list(prefix: string): Promise<string[]>;
  /** Removes a blob or everything under a prefix. */
  remove(keyOrPrefix: string): Promise<void>;
  /** Leftovers of writes interrupted by a crash, older than `olderThan`, are removed. */
  sweepTemporary(olderThan: Date): Promise<number>;
}

export class Md5MismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`MD5 ${actual} does not match the expected ${expected}`);
    this.name = 'Md5MismatchError';
  }
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
    this.name = 'TooLargeError';
  }
}
