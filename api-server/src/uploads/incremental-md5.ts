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
 * The MD5 of each upload's assembled bytes, advanced in chunk order while chunks arrive, so a merge seldom reads the
 * whole file again; except for an upload whose merge will have no MD5 to compare (`defer`), which is left unhashed: its
 * file is hashed once placed (`hashOf`), after the merge answered. The hashing runs on a worker thread
 * (`md5-thread.mjs`); this thread only reads the bytes and passes them on. The worker starts with the first upload and
 * stops once nothing has been hashed for `idleMs` (an idle worker holds about 8 MB; starting one takes milliseconds).
 * State is kept in memory: after a restart, or when the worker died, the merge hashes the file from its first chunk.
 */
export class IncrementalMd5 {
  private readonly progress = new Map<string, Progress>();
  private readonly deferred = new Set<string>();
  /** Whole files being hashed now (`hashOf`). */
  private wholeFiles = 0;
  private thread: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (md5: string) => void; reject: (error: Error) => void }>();
  private tickets = 0;
  private runs = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly blobs: BlobStore,
    private readonly idleMs = 30_000,
  ) {}

  /** Whether a worker is running now. */
  get isRunning(): boolean {
    return this.thread !== undefined;
  }

  /** The running worker, started when none runs. */
  private worker(): Worker {
    clearTimeout(this.idleTimer);
    if (this.closed) throw new Error('the MD5 thread was closed');
    if (this.thread) return this.thread;
    const thread = new Worker(new URL('./md5-thread.mjs', import.meta.url));
    thread.on('message', ({ ticket, md5 }: { ticket: number; md5: string }) => {
      this.waiting.get(ticket)?.resolve(md5);
      this.waiting.delete(ticket);
      this.stopWhenIdle();
    });
    thread.on('error', (error) => this.lose(thread, error));
    thread.on('exit', (code) => this.lose(thread, new Error(`the MD5 thread exited (code ${code})`)));
    thread.unref();
    this.thread = thread;
    return thread;
  }

  /** A worker that died took its hashes with it: digests waiting fail rather than hang, and later ones start over. */
  private lose(thread: Worker, reason: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    clearTimeout(this.idleTimer);
    this.progress.clear();
    for (const { reject } of this.waiting.values()) reject(reason);
    this.waiting.clear();
  }

  private stopWhenIdle(): void {
    const thread = this.thread;
    if (!thread || this.progress.size > 0 || this.waiting.size > 0 || this.wholeFiles > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.thread = undefined;
      void thread.terminate();
    }, this.idleMs).unref();
  }

  /** Leaves the upload's bytes unhashed as they arrive (kept in memory: after a restart they are hashed as they arrive). */
  defer(uploadId: string): void {
    this.deferred.add(uploadId);
  }

  /** Hashes the upload's bytes as they arrive again, from its first chunk: an MD5 may be declared at its merge after all. */
  hashAsReceived(uploadId: string): void {
    this.deferred.delete(uploadId);
  }

  isDeferred(uploadId: string): boolean {
    return this.deferred.has(uploadId);
  }

  /** Hashes every chunk held in order after the last one hashed (none of a deferred upload). */
  advance(upload: HashedUpload): Promise<void> {
    if (this.deferred.has(upload.id)) return Promise.resolve();
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
            this.worker().postMessage({ type: 'update', key: current.key, bytes: piece as Buffer });
          }
          current.next += 1;
        }
      })
      .catch(() => {
        if (isCurrent()) this.forget(upload.id);
      })
      .finally(() => {
        if (!isCurrent()) this.thread?.postMessage({ type: 'forget', key: current.key });
      });
    return current.running;
  }

  /** The MD5 of the whole upload once every chunk is held (hashing what is left, of a deferred upload all), else null. */
  async digest(upload: HashedUpload): Promise<string | null> {
    if (this.closed) throw new Error('the MD5 thread was closed');
    this.hashAsReceived(upload.id);
    await this.advance(upload);
    const state = this.progress.get(upload.id);
    if (!state || state.next <= chunksOf(upload)) return null;
    const thread = this.worker();
    const ticket = ++this.tickets;
    const md5 = new Promise<string>((resolve, reject) => this.waiting.set(ticket, { resolve, reject }));
    thread.postMessage({ type: 'digest', key: state.key, ticket });
    return md5;
  }

  /** The MD5 of these bytes (a whole file), hashed on the thread; fails if the thread is lost meanwhile. */
  async hashOf(bytes: AsyncIterable<Buffer>): Promise<string> {
    const thread = this.worker();
    const key = `whole#${++this.runs}`;
    this.wholeFiles += 1;
    try {
      for await (const piece of bytes) {
        if (this.thread !== thread) break;
        thread.postMessage({ type: 'update', key, bytes: piece });
      }
      if (this.thread !== thread) throw new Error('the MD5 thread was lost while hashing');
      const ticket = ++this.tickets;
      const md5 = new Promise<string>((resolve, reject) => this.waiting.set(ticket, { resolve, reject }));
      thread.postMessage({ type: 'digest', key, ticket });
      return await md5;
    } finally {
      this.wholeFiles -= 1;
      thread.postMessage({ type: 'forget', key });
      this.stopWhenIdle();
    }
  }

  forget(uploadId: string): void {
    this.deferred.delete(uploadId);
    const state = this.progress.get(uploadId);
    if (!state) return;
    this.progress.delete(uploadId);
    this.thread?.postMessage({ type: 'forget', key: state.key });
    this.stopWhenIdle();
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    if (!thread) return;
    this.lose(thread, new Error('the MD5 thread was closed'));
    await thread.terminate();
  }
}
