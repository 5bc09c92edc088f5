import { createHash, type Hash } from 'node:crypto';
import type { BlobStore } from '../blobs/blob-store.js';
import { assemblyKey, chunkKey } from './user-areas.js';

export interface HashedUpload {
  id: string;
  chunkSize: number;
  fileSize: number;
}

interface Progress {
  hash: Hash;
  /** The next chunk number to hash. */
  next: number;
  running: Promise<void>;
}

const chunksOf = (upload: HashedUpload) => Math.max(1, Math.ceil(upload.fileSize / upload.chunkSize));

/**
 * The MD5 of each upload's assembled bytes, advanced in chunk order while chunks arrive, so a merge
 * seldom reads the whole file again. Kept in memory: after a restart the merge hashes the file.
 */
export class IncrementalMd5 {
  private readonly progress = new Map<string, Progress>();

  constructor(private readonly blobs: BlobStore) {}

  /** Hashes every chunk held in order after the last one hashed. */
  advance(upload: HashedUpload): Promise<void> {
    let state = this.progress.get(upload.id);
    if (!state) this.progress.set(upload.id, (state = { hash: createHash('md5'), next: 1, running: Promise.resolve() }));
    const current = state;
    current.running = current.running
      .then(async () => {
        while (current.next <= chunksOf(upload) && this.progress.get(upload.id) === current && (await this.blobs.stat(chunkKey(upload.id, current.next)))) {
          const start = (current.next - 1) * upload.chunkSize;
          for await (const piece of this.blobs.readRange(assemblyKey(upload.id), start, Math.min(upload.fileSize, start + upload.chunkSize))) {
            current.hash.update(piece as Buffer);
          }
          current.next += 1;
        }
      })
      .catch(() => {
        this.forget(upload.id);
      });
    return current.running;
  }

  /** The MD5 of the whole upload if every chunk has been hashed, else null. */
  async digest(upload: HashedUpload): Promise<string | null> {
    const state = this.progress.get(upload.id);
    if (!state) return null;
    await state.running;
    return state.next > chunksOf(upload) ? state.hash.copy().digest('hex') : null;
  }

  forget(uploadId: string): void {
    this.progress.delete(uploadId);
  }
}
