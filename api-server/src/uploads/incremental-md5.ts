import { Worker } from 'node:worker_threads';
import type { BlobStore } from '../blobs/index.js';
import { assemblyKey, chunkKey } from './user-areas.js';

export interface HashedUpload {
  id: string;
  chunkSize: number;
  fileSize: number;
}

interface Progress {
  /** Names this hash on the thread; a fresh one after `forget`, so late pieces of an old run never mix in. */
  key: string;
  /** The next chunk number to hash. */
  next: number;
  running: Promise<void>;
}

const chunksOf = (upload: HashedUpload) => Math.max(1, Math.ceil(upload.fileSize / upload.chunkSize));

/**
 * The MD5 of each upload's assembled bytes, advanced in chunk order while chunks arrive, so a merge
 * seldom reads the whole file again. The hashing runs on a worker thread (`md5-thread.mjs`); this
 * thread only reads the bytes and passes them on. State is kept in memory: after a restart the
 * merge hashes the file from its first chunk.
 */
export class IncrementalMd5 {
  private readonly progress = new Map<string, Progress>();
  private readonly thread = new Worker(new URL('./md5-thread.mjs', import.meta.url));
  private readonly waiting = new Map<number, { resolve: (md5: string) => void; reject: (error: Error) => void }>();
  private tickets = 0;
  private runs = 0;
  private stopped: Error | null = null;

  constructor(private readonly blobs: BlobStore) {
    this.thread.on('message', ({ ticket, md5 }: { ticket: number; md5: string }) => {
      this.waiting.get(ticket)?.resolve(md5);
      this.waiting.delete(ticket);
    });
    this.thread.on('error', (error) => this.stop(error));
    this.thread.on('exit', (code) => this.stop(new Error(`the MD5 thread exited (code ${code})`)));
    this.thread.unref();
  }

  /** A merge waiting for a digest fails rather than hangs once the thread is gone. */
  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const { reject } of this.waiting.values()) reject(this.stopped);
    this.waiting.clear();
  }

  /** Hashes every chunk held in order after the last one hashed. */
  advance(upload: HashedUpload): Promise<void> {
    let state = this.progress.get(upload.id);
    if (!state) this.progress.set(upload.id, (state = { key: `${upload.id}#${++this.runs}`, next: 1, running: Promise.resolve() }));
    const current = state;
    const isCurrent = () => this.progress.get(upload.id) === current;
    current.running = current.running
      .then(async () => {
        while (current.next <= chunksOf(upload) && isCurrent() && (await this.blobs.stat(chunkKey(upload.id, current.next)))) {
          const start = (current.next - 1) * upload.chunkSize;
          for await (const piece of this.blobs.readRange(
            assemblyKey(upload.id),
            start,
            Math.min(upload.fileSize, start + upload.chunkSize),
          )) {
            this.thread.postMessage({ type: 'update', key: current.key, bytes: piece as Buffer });
          }
          current.next += 1;
        }
      })
      .catch(() => {
        if (isCurrent()) this.forget(upload.id);
      })
      .finally(() => {
        if (!isCurrent()) this.thread.postMessage({ type: 'forget', key: current.key });
      });
    return current.running;
  }

  /** The MD5 of the whole upload once every chunk is held (hashing what is left), else null. */
  async digest(upload: HashedUpload): Promise<string | null> {
    await this.advance(upload);
    const state = this.progress.get(upload.id);
    if (!state || state.next <= chunksOf(upload)) return null;
    if (this.stopped) throw this.stopped;
    const ticket = ++this.tickets;
    const md5 = new Promise<string>((resolve, reject) => this.waiting.set(ticket, { resolve, reject }));
    this.thread.postMessage({ type: 'digest', key: state.key, ticket });
    return md5;
  }

  forget(uploadId: string): void {
    const state = this.progress.get(uploadId);
    if (!state) return;
    this.progress.delete(uploadId);
    this.thread.postMessage({ type: 'forget', key: state.key });
  }

  close(): Promise<number> {
    return this.thread.terminate();
  }
}
