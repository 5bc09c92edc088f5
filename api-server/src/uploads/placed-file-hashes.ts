import type { FastifyInstance } from 'fastify';
import { recordPlacedMd5, type StoredFile } from './store-file.js';

/**
 * The files placed before they were hashed, hashed one at a time after their merge answered (`recordPlacedMd5`). A
 * file handed over twice is hashed once; one whose hashing failed, or was cut short by a restart, is handed over again
 * by the upload clean-up pass (cleanup.ts).
 */
export class PlacedFileHashes {
  private queue = Promise.resolve();
  private readonly queued = new Set<number>();
  private closed = false;

  constructor(private readonly app: FastifyInstance) {}

  hash(file: StoredFile): void {
    if (this.closed || this.queued.has(file.id)) return;
    this.queued.add(file.id);
    this.queue = this.queue
      .then(() => (this.closed ? undefined : recordPlacedMd5(this.app, file)))
      .catch((error: unknown) => this.app.log.warn({ err: error, storedFileId: file.id }, 'hashing a placed file failed'))
      .finally(() => this.queued.delete(file.id));
  }

  /** Settles once every file handed over so far is hashed (or failed). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Takes no more files; the one being hashed fails when the MD5 thread closes. */
  close(): Promise<void> {
    this.closed = true;
    return this.queue;
  }
}
