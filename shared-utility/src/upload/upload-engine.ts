import { atom, type ReadableAtom } from 'nanostores';
import { constants, messages } from '../constants';
import { bus } from '../event-bus';
import type { FileHasher } from './file-hasher';
import type { QueueStore, SavedItem } from './queue-store';
import { createTargets, type Preparation, type UploadTarget } from './upload-targets';
import type { UploadConnection } from './upload-connection';
import type { AddOptions, UploadChunk, UploadItem, UploadType } from './upload-types';

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
const speedWindowMs = 5000;
const savedItemLifetimeMs = 24 * 3_600_000;
/**
 * Files larger than this are sent while the worker hashes them, under an upload id the server issues
 * (their MD5 goes with the merge); smaller ones keep the spec's order: hash, ask the server, send.
 */
export const hashWhileSendingAbove = 32 * 1024 * 1024;
const gpuForbidden = /[/\\:*?"<>|（）！]/;

const paused = new Error('paused');
const cancelled = new Error('cancelled');
const timedOut = new Error('timeout');
/** The server already stores the content (秒传 found once the hash finished): the chunks in flight are not needed. */
const alreadyHeld = new Error('already held');

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

interface Runtime {
  controllers: Map<number, AbortController>;
  notBefore: Map<number, number>;
  hashing: AbortController | null;
  merging: boolean;
  sentBytes: number;
  samples: Array<[time: number, bytes: number]>;
}

const newRuntime = (): Runtime => ({
  controllers: new Map(),
  notBefore: new Map(),
  hashing: null,
  merging: false,
  sentBytes: 0,
  samples: [],
});

const isValidGpuFileName = (name: string) => name.trim() !== '' && !gpuForbidden.test(name);

function cut(file: Blob, chunkSize: number): UploadChunk[] {
  const count = Math.max(1, Math.ceil(file.size / chunkSize));
  return Array.from({ length: count }, (_, index) => ({
    index,
    file: file.slice(index * chunkSize, (index + 1) * chunkSize),
    status: 'pending' as const,
    retries: 0,
    process: 0,
  }));
}

const successShare = (chunks: UploadChunk[]) =>
  chunks.length === 0 ? 0 : Math.floor((chunks.filter((chunk) => chunk.status === 'success').length / chunks.length) * 100);

/** The item's chunks with those the server holds marked as sent (all of them for 秒传). */
function withHeldChunks(chunks: UploadChunk[], preparation: Preparation): Pick<UploadItem, 'chunks' | 'progress'> {
  const held = new Set(preparation.skipUpload ? chunks.map((chunk) => chunk.index + 1) : preparation.uploaded);
  const marked = chunks.map((chunk): UploadChunk => (held.has(chunk.index + 1) ? { ...chunk, status: 'success', process: 100 } : chunk));
  return { chunks: marked, progress: successShare(marked) };
}

/**
 * The upload queue (spec §3, §4, §9): items are hashed, cut into chunks, and sent by a 100 ms loop,
 * up to 3 chunks in parallel per item with 3 retries each; when every chunk succeeded (and the MD5
 * is known) the item is merged. Files above `hashWhileSendingAbove` are sent while they are hashed.
 */
export function createUploadEngine(options: EngineOptions): UploadEngine {
  const { hasher, store, connection } = options;
  const targets = options.targets ?? createTargets();
  const retryBackoffMs = options.retryBackoffMs ?? defaultRetryBackoffMs;
  const chunkTimeoutMs = options.chunkTimeoutMs ?? constants.chunkUploadTimeout;
  const $items = atom<UploadItem[]>([]);
  const runtimes = new Map<string, Runtime>();
  let loop: ReturnType<typeof setInterval> | null = null;
  let counter = 0;

  const get = (id: string) => $items.get().find((item) => item.id === id);
  const runtime = (id: string) => {
    let found = runtimes.get(id);
    if (!found) runtimes.set(id, (found = newRuntime()));
    return found;
  };

  function patch(id: string, change: Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>)): void {
    $items.set(
      $items.get().map((item) => (item.id === id ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item)),
    );
  }

  function patchChunk(id: string, index: number, change: Partial<UploadChunk>): void {
    patch(id, (item) => {
      const chunks = item.chunks.map((chunk) => (chunk.index === index ? { ...chunk, ...change } : chunk));
      return { chunks, progress: successShare(chunks) };
    });
  }

  function saved(item: UploadItem): SavedItem {
    const {
      id,
      uploadType,
      fileName,
      fileSize,
      lastModified,
      md5,
      uploadId,
      chunkSize,
      progress,
      uploadPath,
      mergePath,
      uploadParams,
      mergeParams,
    } = item;
    const owner = connection.owner();
    return {
      id,
      uploadType,
      fileName,
      fileSize,
      lastModified,
      md5,
      uploadId,
      chunkSize,
      progress,
      uploadPath,
      mergePath,
      uploadParams,
      mergeParams,
      owner,
      savedAt: Date.now(),
    };
  }

  const persist = (id: string) => {
    const item = get(id);
    if (item?.md5 || item?.uploadId) store.save(saved(item)).catch(() => undefined);
  };

  function abortChunks(id: string, reason: Error): void {
    for (const controller of runtime(id).controllers.values()) controller.abort(reason);
  }

  function abortAll(id: string, reason: Error): void {
    abortChunks(id, reason);
    runtime(id).hashing?.abort(reason);
  }

  function fail(id: string, error: string): void {
    abortAll(id, cancelled);
    patch(id, { status: 'error', error, speed: 0, remainingMs: null });
    const item = get(id)!;
    bus.emit('upload:failed', { id, fileName: item.fileName, error });
    bus.emit('toast', { type: 'error', message: error });
  }

  function ensureLoop(): void {
    loop ??= setInterval(tick, constants.uploadPollMs);
  }

  function tick(): void {
    const now = Date.now();
    for (const item of $items.get()) {
      if (item.status === 'pending') patch(item.id, { status: 'uploading' });
      if (item.status === 'pending' || item.status === 'uploading') {
        schedule(item.id, now);
        measure(item.id, now);
      }
    }
    if (!$items.get().some((item) => item.status === 'uploading' || item.status === 'pending') && loop) {
      clearInterval(loop);
      loop = null;
    }
  }

  function schedule(id: string, now: number): void {
    const item = get(id)!;
    const rt = runtime(id);
    if (rt.merging) return;
    if (item.progress === 100 && item.chunks.every((chunk) => chunk.status === 'success')) {
      if (item.md5) void merge(id);
      return;
    }
    let active = item.activeRequests;
    for (const chunk of item.chunks) {
      if (active >= constants.parallelChunks) break;
      if (chunk.status !== 'pending' || rt.controllers.has(chunk.index) || (rt.notBefore.get(chunk.index) ?? 0) > now) continue;
      active += 1;
      void send(id, chunk.index);
    }
  }

  function measure(id: string, now: number): void {
    const rt = runtime(id);
    const last = rt.samples.at(-1);
    if (last && now - last[0] < 250) return;
    rt.samples.push([now, rt.sentBytes]);
    while (rt.samples.length > 2 && now - rt.samples[0]![0] > speedWindowMs) rt.samples.shift();
    const first = rt.samples[0]!;
    const seconds = (now - first[0]) / 1000;
    const speed = seconds > 0 ? Math.round((rt.sentBytes - first[1]) / seconds) : 0;
    const item = get(id)!;
    const left = item.chunks.filter((chunk) => chunk.status !== 'success').reduce((sum, chunk) => sum + chunk.file.size, 0);
    patch(id, { speed, remainingMs: speed > 0 ? Math.round((left / speed) * 1000) : null });
  }

  async function send(id: string, index: number): Promise<void> {
    const rt = runtime(id);
    const controller = new AbortController();
    rt.controllers.set(index, controller);
    const timer = setTimeout(() => controller.abort(timedOut), chunkTimeoutMs);
    patch(id, (item) => ({ activeRequests: item.activeRequests + 1 }));
    const item = get(id)!;
    const chunk = item.chunks[index]!;
    try {
      await targets[item.uploadType].sendChunk(item, chunk, connection, controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      rt.sentBytes += chunk.file.size;
      patchChunk(id, index, { status: 'success', process: 100 });
      const now = get(id)!;
      bus.emit('upload:progress', { id, progress: now.progress, speed: now.speed, remainingMs: now.remainingMs });
      persist(id);
    } catch {
      const reason: unknown = controller.signal.reason;
      if (!get(id) || reason === cancelled || reason === alreadyHeld) return;
      if (reason === paused) {
        patchChunk(id, index, { status: 'paused', process: 0 });
        return;
      }
      const retries = get(id)!.chunks[index]!.retries;
      if (retries < constants.chunkRetries) {
        rt.notBefore.set(index, Date.now() + (retryBackoffMs[retries] ?? 0));
        patchChunk(id, index, { status: 'pending', retries: retries + 1, process: 0 });
      } else {
        patchChunk(id, index, { status: 'failed' });
        fail(id, messages.chunkFailed(index + 1));
      }
    } finally {
      clearTimeout(timer);
      rt.controllers.delete(index);
      if (get(id)) patch(id, (current) => ({ activeRequests: current.activeRequests - 1 }));
    }
    // A slot freed by a stored chunk is refilled now rather than at the next tick (a 5 MiB chunk often
    // takes less than the 100 ms poll); retries still wait for the loop.
    if (get(id)?.status === 'uploading' && get(id)!.chunks[index]!.status === 'success') schedule(id, Date.now());
  }

  async function merge(id: string): Promise<void> {
    const rt = runtime(id);
    rt.merging = true;
    const item = get(id)!;
    const answer = await targets[item.uploadType].merge(item, connection);
    rt.merging = false;
    if (!get(id) || get(id)!.status !== 'uploading') return;
    if (answer.code !== 200) {
      fail(id, answer.msg || messages.uploadFailed);
      return;
    }
    patch(id, { status: 'success', result: answer.data, speed: 0, remainingMs: 0 });
    await store.remove(id).catch(() => undefined);
    bus.emit('upload:done', { id, fileName: item.fileName, result: answer.data });
    bus.emit('toast', { type: 'success', message: messages.fileUploadSucceeded });
  }

  /** The item's MD5 from the hasher, or null when hashing failed (the item then failed) or was stopped. */
  async function hash(id: string): Promise<string | null> {
    const rt = runtime(id);
    const item = get(id)!;
    const hashing = (rt.hashing = new AbortController());
    const sliceSize = item.uploadType === 'video' ? constants.videoMd5SliceSize : item.chunkSize;
    try {
      return await hasher(item.file!, sliceSize, (hashProgress) => get(id) && patch(id, { hashProgress }), hashing.signal);
    } catch {
      if (get(id) && !hashing.signal.aborted) fail(id, messages.uploadFailed);
      return null;
    } finally {
      if (rt.hashing === hashing) rt.hashing = null;
    }
  }

  const sendsWhileHashing = (item: UploadItem) =>
    item.uploadId !== '' || (item.md5 === '' && item.fileSize > hashWhileSendingAbove && targets[item.uploadType].open !== undefined);

  /** Hash (unless known), cut, and ask the server what it already has; a large file is sent while it is hashed. */
  async function prepare(id: string): Promise<void> {
    if (sendsWhileHashing(get(id)!)) return prepareWhileHashing(id);
    const start = get(id)!;
    patch(id, { status: 'preparing', error: '', hashProgress: start.md5 ? 100 : 0 });
    const md5 = start.md5 || (await hash(id));
    if (!md5 || !get(id)) return;
    patch(id, { md5, hashProgress: 100, chunks: cut(start.file!, start.chunkSize), progress: 0 });
    persist(id);
    const item = get(id)!;
    const answer = await targets[item.uploadType].prepare(item, connection);
    if (!get(id)) return;
    if (answer.code !== 200) {
      fail(id, answer.msg || messages.uploadFailed);
      return;
    }
    patch(id, (current) => ({ ...withHeldChunks(current.chunks, answer.data), status: 'pending' }));
    ensureLoop();
  }

  /**
   * Chunks go under the upload id the server issues (kept across reloads: the server then says which
   * chunks it holds; an id it no longer knows is replaced by a new one) while the worker hashes.
   */
  async function prepareWhileHashing(id: string): Promise<void> {
    const start = get(id)!;
    const target = targets[start.uploadType];
    patch(id, { status: 'preparing', error: '' });
    let held: Preparation = { skipUpload: false, uploaded: [] };
    const known = start.uploadId ? await target.prepare(get(id)!, connection) : null;
    if (!get(id)) return;
    if (known?.code === 200) held = known.data;
    else if (known && known.code !== 404) return fail(id, known.msg || messages.uploadFailed);
    else {
      const opened = await target.open!(get(id)!, connection);
      if (!get(id)) return;
      if (opened.code !== 200) return fail(id, opened.msg || messages.uploadFailed);
      patch(id, { uploadId: opened.data.uploadId });
    }
    patch(id, { ...withHeldChunks(cut(start.file!, start.chunkSize), held), status: 'pending' });
    persist(id);
    ensureLoop();
    keepHashing(id);
  }

  /** Starts hashing an item sent while it is hashed, unless its MD5 is known or being computed. */
  function keepHashing(id: string): void {
    const item = get(id);
    if (item?.file && item.uploadId && !item.md5 && !runtime(id).hashing) void hashAlongside(id);
  }

  /**
   * Once the MD5 is known and chunks are still to send, asks whether the server already stores this
   * content: then the item completes at once (秒传) and no further chunk is sent. The MD5 enters the
   * item only after that answer, so the merge never overtakes the question.
   */
  async function hashAlongside(id: string): Promise<void> {
    const md5 = await hash(id);
    if (!md5 || !get(id)) return;
    const item = { ...get(id)!, md5 };
    const answer = item.chunks.some((chunk) => chunk.status !== 'success')
      ? await targets[item.uploadType].prepare(item, connection)
      : null;
    if (!get(id)) return;
    const skip = answer?.code === 200 && answer.data.skipUpload;
    patch(id, (current) => ({ md5, hashProgress: 100, ...(skip ? withHeldChunks(current.chunks, answer.data) : {}) }));
    if (skip) abortChunks(id, alreadyHeld);
    persist(id);
    ensureLoop();
  }

  function add(file: File, addOptions: AddOptions = {}): string | null {
    const uploadType = addOptions.uploadType ?? 'cpu';
    if (uploadType === 'gpu' && !isValidGpuFileName(file.name)) {
      bus.emit('toast', { type: 'warning', message: messages.gpuFileNameInvalid });
      return null;
    }
    const uploadParams = addOptions.uploadParams ?? {};
    const mergeParams = addOptions.mergeParams ?? uploadParams;
    const waiting = $items
      .get()
      .find(
        (item) =>
          !item.file &&
          item.uploadType === uploadType &&
          item.fileName === file.name &&
          item.fileSize === file.size &&
          item.lastModified === file.lastModified,
      );
    if (waiting && attachFile(waiting.id, file)) return waiting.id;

    const id = `upload-${Date.now().toString(36)}-${++counter}`;
    const item: UploadItem = {
      id,
      file,
      uploadType,
      fileName: file.name,
      fileSize: file.size,
      lastModified: file.lastModified,
      md5: '',
      uploadId: '',
      chunkSize: uploadType === 'video' ? constants.videoChunkSize : constants.chunkSize,
      chunks: [],
      progress: 0,
      status: 'preparing',
      activeRequests: 0,
      ...targets[uploadType].paths,
      uploadParams,
      mergeParams,
      error: '',
      hashProgress: 0,
      speed: 0,
      remainingMs: null,
      result: null,
    };
    $items.set([...$items.get(), item]);
    bus.emit('upload:added', { id, fileName: file.name, uploadType });
    void prepare(id);
    return id;
  }

  function attachFile(id: string, file: File): boolean {
    const item = get(id);
    if (!item || item.file || file.name !== item.fileName || file.size !== item.fileSize) return false;
    patch(id, { file, lastModified: file.lastModified });
    void prepare(id);
    return true;
  }

  function pause(id: string): void {
    const item = get(id);
    if (!item || (item.status !== 'uploading' && item.status !== 'pending')) return;
    patch(id, { status: 'paused', speed: 0, remainingMs: null });
    abortChunks(id, paused);
  }

  function resume(id: string): void {
    const item = get(id);
    if (!item || item.status !== 'paused' || !item.file) return;
    if (item.chunks.length === 0) {
      void prepare(id);
      return;
    }
    patch(id, (current) => ({
      status: 'uploading',
      chunks: current.chunks.map((chunk): UploadChunk => (chunk.status === 'paused' ? { ...chunk, status: 'pending' } : chunk)),
    }));
    ensureLoop();
    keepHashing(id);
  }

  function retry(id: string): void {
    const item = get(id);
    if (!item || item.status !== 'error' || !item.file) return;
    if (item.chunks.length === 0) {
      void prepare(id);
      return;
    }
    for (const chunk of item.chunks) runtime(id).notBefore.delete(chunk.index);
    patch(id, (current) => ({
      status: 'uploading',
      error: '',
      chunks: current.chunks.map((chunk): UploadChunk =>
        chunk.status === 'success' ? chunk : { ...chunk, status: 'pending', retries: 0, process: 0 },
      ),
    }));
    ensureLoop();
    keepHashing(id);
  }

  function cancel(id: string): void {
    const item = get(id);
    if (!item) return;
    abortAll(id, cancelled);
    $items.set($items.get().filter((other) => other.id !== id));
    runtimes.delete(id);
    store.remove(id).catch(() => undefined);
    bus.emit('upload:cancelled', { id, fileName: item.fileName });
  }

  function clearFinished(): void {
    $items.set($items.get().filter((item) => item.status !== 'success'));
  }

  async function restore(): Promise<void> {
    const now = Date.now();
    const restoredItems: UploadItem[] = [];
    const owner = connection.owner();
    for (const record of await store.load().catch(() => [])) {
      if (now - record.savedAt > savedItemLifetimeMs) {
        await store.remove(record.id).catch(() => undefined);
        continue;
      }
      if (record.owner !== owner) continue;
      const { savedAt: _savedAt, owner: _owner, ...fields } = record;
      restoredItems.push({
        ...fields,
        uploadId: fields.uploadId ?? '',
        file: null,
        chunks: [],
        status: 'paused',
        activeRequests: 0,
        error: '',
        hashProgress: fields.md5 ? 100 : 0,
        speed: 0,
        remainingMs: null,
        result: null,
      });
    }
    const known = new Set($items.get().map((item) => item.id));
    $items.set([...restoredItems.filter((item) => !known.has(item.id)), ...$items.get()]);
  }

  async function switchOwner(): Promise<void> {
    for (const item of $items.get()) abortAll(item.id, cancelled);
    runtimes.clear();
    $items.set([]);
    await restore();
  }

  return { $items, restored: restore(), add, pause, resume, cancel, retry, attachFile, clearFinished, switchOwner };
}
