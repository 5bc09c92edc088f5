import type { ReadableAtom } from 'nanostores';
import { constants, messages } from '../constants';
import { bus } from '../event-bus';
import { createChunkScheduler } from './chunk-scheduler';
import type { FileHasher } from './file-hasher';
import { createItemHashing } from './item-hashing';
import { createItemMerge } from './item-merge';
import { createItemPreparation } from './item-preparation';
import { createQueuePersistence } from './queue-persistence';
import type { QueueStore } from './queue-store';
import { resumedChunks, retriedChunks } from './upload-chunks';
import type { UploadConnection } from './upload-connection';
import { createUploadQueue } from './upload-queue';
import { createTargets, type UploadTarget } from './upload-targets';
import type { AddOptions, UploadItem, UploadType } from './upload-types';

export { hashWhileSendingAbove } from './item-preparation';

declare module '../event-bus' {
  interface RcEvents {
    'upload:added': { id: string; fileName: string; uploadType: UploadType };
    'upload:progress': { id: string; progress: number; speed: number; remainingMs: number | null };
    'upload:done': { id: string; fileName: string; result: unknown };
    'upload:failed': { id: string; fileName: string; error: string };
    'upload:cancelled': { id: string; fileName: string };
  }
}

/** Retry waits users of Uppy and tus know. */
const defaultRetryBackoffMs = [1000, 3000, 5000];
const gpuForbidden = /[/\\:*?"<>|（）！]/;
const isValidGpuFileName = (name: string) => name.trim() !== '' && !gpuForbidden.test(name);

export interface EngineOptions {
  hasher: FileHasher;
  store: QueueStore;
  connection: UploadConnection;
  targets?: Record<UploadType, UploadTarget>;
  /** Waits before the 1st, 2nd and 3rd retry of a chunk. */
  retryBackoffMs?: readonly number[];
  /** A chunk request still unanswered after this long is cut and retried (spec §9: 30000 ms). */
  chunkTimeoutMs?: number;
}

export interface UploadEngine {
  readonly $items: ReadableAtom<UploadItem[]>;
  /** Resolves once the current owner's items saved before the last reload are back in the queue. */
  readonly restored: Promise<void>;
  /** Queues a file; null when refused (GPU file-name rule). Re-picking a file left unfinished resumes that item. */
  add(file: File, options?: AddOptions): string | null;
  pause(id: string): void;
  resume(id: string): void;
  cancel(id: string): void;
  retry(id: string): void;
  /** Gives an item restored after a reload its file again; false if it is not the same file. */
  attachFile(id: string, file: File): boolean;
  clearFinished(): void;
  /** On a change of account: stops and drops every item from the queue (saved ones stay saved), then shows the new owner's saved items. */
  switchOwner(): Promise<void>;
}

/**
 * The upload queue (spec §3, §4, §9), composed of pieces with one job each: the queue of items, the
 * hashing, the preparation (hash, cut, ask the server what it holds), the chunk scheduler (a 100 ms
 * loop, 3 chunks in parallel per item, 3 retries each), the merge, and the persistence across reloads.
 * The engine itself holds the user's commands: add, pause, resume, retry, cancel.
 */
export function createUploadEngine(options: EngineOptions): UploadEngine {
  const { connection, store } = options;
  const targets = options.targets ?? createTargets(options.hasher);
  const queue = createUploadQueue();
  const persistence = createQueuePersistence({ queue, store, connection });
  const hashing = createItemHashing({ queue, hasher: options.hasher, onFailed: fail });
  const merge = createItemMerge({ queue, targets, connection, persistence, onFailed: fail });
  const scheduler = createChunkScheduler({
    queue,
    targets,
    connection,
    retryBackoffMs: options.retryBackoffMs ?? defaultRetryBackoffMs,
    chunkTimeoutMs: options.chunkTimeoutMs ?? constants.chunkUploadTimeout,
    onChunkStored: persistence.save,
    onAllStored: (id) => void merge(id),
    onFailed: fail,
  });
  const preparation = createItemPreparation({ queue, targets, connection, hashing, scheduler, persistence, onFailed: fail });
  let counter = 0;

  function stopAll(id: string): void {
    scheduler.stop(id, 'cancelled');
    hashing.stop(id);
  }

  function fail(id: string, error: string): void {
    stopAll(id);
    queue.patch(id, { status: 'error', error, speed: 0, remainingMs: null });
    bus.emit('upload:failed', { id, fileName: queue.get(id)!.fileName, error });
    bus.emit('toast', { type: 'error', message: error });
  }

  function add(file: File, addOptions: AddOptions = {}): string | null {
    const uploadType = addOptions.uploadType ?? 'cpu';
    if (uploadType === 'gpu' && !isValidGpuFileName(file.name)) {
      bus.emit('toast', { type: 'warning', message: messages.gpuFileNameInvalid });
      return null;
    }
    const waiting = queue.waitingFor(file, uploadType);
    if (waiting && attachFile(waiting.id, file)) return waiting.id;

    const uploadParams = addOptions.uploadParams ?? {};
    const id = `upload-${Date.now().toString(36)}-${++counter}`;
    queue.append({
      id,
      file,
      uploadType,
      fileName: file.name,
      fileSize: file.size,
      lastModified: file.lastModified,
      md5: '',
      hashWanted: true,
      uploadId: '',
      chunkSize: uploadType === 'video' ? constants.videoChunkSize : constants.chunkSize,
      chunks: [],
      progress: 0,
      status: 'preparing',
      activeRequests: 0,
      ...targets[uploadType].paths,
      uploadParams,
      mergeParams: addOptions.mergeParams ?? uploadParams,
      error: '',
      hashProgress: 0,
      speed: 0,
      remainingMs: null,
      result: null,
    });
    bus.emit('upload:added', { id, fileName: file.name, uploadType });
    void preparation.prepare(id);
    return id;
  }

  function attachFile(id: string, file: File): boolean {
    const item = queue.get(id);
    if (!item || item.file || file.name !== item.fileName || file.size !== item.fileSize) return false;
    queue.patch(id, { file, lastModified: file.lastModified });
    void preparation.prepare(id);
    return true;
  }

  function pause(id: string): void {
    const item = queue.get(id);
    if (!item || (item.status !== 'uploading' && item.status !== 'pending')) return;
    queue.patch(id, { status: 'paused', speed: 0, remainingMs: null });
    scheduler.stop(id, 'paused');
  }

  /** Sends again an item stopped by a pause or a failure: prepared afresh if it never got its chunks. */
  function restart(id: string, change: (item: UploadItem) => Partial<UploadItem>): void {
    if (queue.get(id)!.chunks.length === 0) {
      void preparation.prepare(id);
      return;
    }
    queue.patch(id, change);
    scheduler.start();
    preparation.keepHashing(id);
  }

  function resume(id: string): void {
    const item = queue.get(id);
    if (item?.status !== 'paused' || !item.file) return;
    restart(id, (current) => ({ status: 'uploading', chunks: resumedChunks(current.chunks) }));
  }

  function retry(id: string): void {
    const item = queue.get(id);
    if (item?.status !== 'error' || !item.file) return;
    scheduler.clearRetryWaits(id);
    restart(id, (current) => ({ status: 'uploading', error: '', chunks: retriedChunks(current.chunks) }));
  }

  function cancel(id: string): void {
    const item = queue.get(id);
    if (!item) return;
    stopAll(id);
    queue.remove(id);
    scheduler.forget(id);
    void persistence.forget(id);
    bus.emit('upload:cancelled', { id, fileName: item.fileName });
  }

  async function switchOwner(): Promise<void> {
    for (const item of queue.$items.get()) scheduler.stop(item.id, 'cancelled');
    hashing.stopAll();
    scheduler.forget();
    queue.clear();
    await persistence.restore();
  }

  return {
    $items: queue.$items,
    restored: persistence.restore(),
    add,
    pause,
    resume,
    cancel,
    retry,
    attachFile,
    clearFinished: queue.removeFinished,
    switchOwner,
  };
}
