// @vitest-environment node
// Node's own File, Blob, FormData and fetch are what a browser has; jsdom's Blob cannot be read back.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const values = new Map<string, string>();
  Object.assign(globalThis, {
    window: new EventTarget(),
    localStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    },
  });
});
import { constants } from '../constants';
import { bus } from '../event-bus';
import { inThreadHasher, type FileHasher } from './file-hasher';
import { memoryQueueStore, type QueueStore } from './queue-store';
import { statusLabel } from './upload-labels';
import { createUploadEngine, hashWhileSendingAbove, type UploadEngine } from './upload-engine';
import { sliceMd5Bytes } from './slice-md5';
import { createTargets, type UploadTarget } from './upload-targets';
import type { UploadConnection } from './upload-connection';
import type { UploadItem, UploadType } from './upload-types';
import { loginDemoUser, ServerProcess } from './test-api-server';

const MiB = 1024 * 1024;
let server: ServerProcess;
let connection: UploadConnection;
let userId: number;
let owner = 'first account';

beforeAll(async () => {
  // Videos stay as uploaded (state 1): transcoding is the server's business, tested there.
  server = await ServerProcess.start({ env: { VIDEO_TRANSCODER: 'none' } });
  const token = await loginDemoUser(server.apiBase);
  connection = { apiBase: () => server.apiBase, token: () => token, owner: () => owner };
  const view = await fetch(`${server.apiBase}/user/auth/user/ext/view`, { method: 'POST', headers: { token } });
  userId = ((await view.json()) as { data: { id: number } }).data.id;
}, 90_000);
afterAll(() => server?.stop());

function fileOf(size: number, name: string): { file: File; md5: string } {
  const bytes = randomBytes(size);
  return { file: new File([bytes], name, { lastModified: 1_700_000_000_000 }), md5: createHash('md5').update(bytes).digest('hex') };
}

/** File storage keeps a user's files in the default (local) cluster's folder; the cloud disk keeps blobs in the blob store. */
const storedMd5 = (area: string, relative: string) =>
  createHash('md5')
    .update(
      readFileSync(
        area === 'files'
          ? path.join(server.dataDir, 'file-storage', '1', String(userId), relative)
          : path.join(server.dataDir, 'blobs/users', String(userId), area, relative),
      ),
    )
    .digest('hex');

/** The real targets, with a hook to count or disturb chunk requests. */
function spiedTargets(disturb?: (item: UploadItem, chunkNumber: number, attempt: number, signal: AbortSignal) => Promise<void> | void) {
  const real = createTargets(inThreadHasher);
  const sent: number[] = [];
  const attempts = new Map<string, number>();
  const wrap = (target: UploadTarget): UploadTarget => ({
    ...target,
    async sendChunk(item, chunk, conn, signal) {
      const key = `${item.id}:${chunk.index}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      sent.push(chunk.index + 1);
      await disturb?.(item, chunk.index + 1, attempt, signal);
      return target.sendChunk(item, chunk, conn, signal);
    },
  });
  const targets: Record<UploadType, UploadTarget> = {
    cpu: wrap(real.cpu),
    gpu: wrap(real.gpu),
    video: wrap(real.video),
    credential: wrap(real.credential),
  };
  return { targets, sent };
}

function engineWith(
  options: { targets?: Record<UploadType, UploadTarget>; store?: QueueStore; chunkTimeoutMs?: number; hasher?: FileHasher } = {},
): UploadEngine {
  const { targets, chunkTimeoutMs } = options;
  return createUploadEngine({
    hasher: options.hasher ?? inThreadHasher,
    store: options.store ?? memoryQueueStore(),
    connection,
    targets,
    chunkTimeoutMs,
    retryBackoffMs: [0, 0, 0],
  });
}

const itemOf = (engine: UploadEngine, id: string) => engine.$items.get().find((item) => item.id === id)!;

function settled(engine: UploadEngine, id: string, timeout = 30_000): Promise<UploadItem> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`upload ${id} still ${itemOf(engine, id)?.status} after ${timeout} ms`)), timeout);
    const off = engine.$items.subscribe((items) => {
      const item = items.find((candidate) => candidate.id === id);
      if (item && (item.status === 'success' || item.status === 'error')) {
        clearTimeout(timer);
        queueMicrotask(() => off());
        resolve(item);
      }
    });
  });
}

/** A hasher that does not start hashing before `release()`: the test decides when the MD5 becomes known. */
function gatedHasher() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const hasher: FileHasher = async (file, sliceSize, onProgress, signal) => {
    calls += 1;
    await Promise.race([
      gate,
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
    ]);
    return inThreadHasher(file, sliceSize, onProgress, signal);
  };
  return { hasher, release, calls: () => calls };
}

function reached(engine: UploadEngine, id: string, condition: (item: UploadItem) => boolean): Promise<UploadItem> {
  return new Promise((resolve) => {
    const off = engine.$items.subscribe((items) => {
      const item = items.find((candidate) => candidate.id === id);
      if (item && condition(item)) {
        queueMicrotask(() => off());
        resolve(item);
      }
    });
  });
}

/** What a file storage call answers this test's user. */
async function fileStorage<T>(route: string, body: object): Promise<T> {
  const response = await fetch(`${server.apiBase}/orion/auth/file/${route}`, {
    method: 'POST',
    headers: { token: connection.token()!, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
}

const reservedBytes = async () => (await fileStorage<{ reserved: number }>('userDirs/used', {})).reserved;

/** The MD5 file storage lists for `name` in `folder` ('' until the server has hashed a file placed unhashed). */
const listedMd5 = async (folder: string, name: string) =>
  (await fileStorage<{ name: string; md5: string }[]>('userDirs', { path: folder })).find((entry) => entry.name === name)?.md5;

function labelsOf(engine: UploadEngine, id: string): string[] {
  const labels: string[] = [];
  engine.$items.subscribe((items) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item && labels.at(-1) !== statusLabel(item)) labels.push(statusLabel(item));
  });
  return labels;
}

describe('upload engine against the real server', () => {
  it('hashes, sends 5 MiB chunks, merges, and stores the same bytes (CPU target)', async () => {
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets });
    const { file, md5 } = fileOf(11 * MiB, '训练数据.bin');
    const id = engine.add(file, { uploadParams: { path: 'engine' } })!;
    const labels = labelsOf(engine, id);
    const done = await settled(engine, id);
    expect(done).toMatchObject({ status: 'success', progress: 100, md5, error: '', activeRequests: 0 });
    expect(done.chunks.map((chunk) => [chunk.index, chunk.file.size, chunk.status])).toEqual([
      [0, 5_242_880, 'success'],
      [1, 5_242_880, 'success'],
      [2, 11 * MiB - 2 * 5_242_880, 'success'],
    ]);
    expect(sent.sort()).toEqual([1, 2, 3]);
    expect(labels[0]).toBe('准备中');
    expect(labels).toContain('等待上传');
    expect(labels.filter((label) => label.startsWith('上传中')).length).toBeGreaterThan(0);
    expect(labels.at(-1)).toBe('上传成功');
    expect(storedMd5('files', 'engine/训练数据.bin')).toBe(md5);
  });

  it('completes an upload of content already stored without sending a chunk (秒传)', async () => {
    const { file, md5 } = fileOf(6 * MiB, 'first.bin');
    const first = engineWith();
    await settled(first, first.add(file, { uploadParams: { path: 'instant' } })!);
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets });
    const again = new File([file], 'second.bin');
    const done = await settled(engine, engine.add(again, { uploadParams: { path: 'instant' } })!);
    expect(done.status).toBe('success');
    expect(sent).toEqual([]);
    expect(storedMd5('files', 'instant/second.bin')).toBe(md5);
  });

  it('says an upload is done once the server merged it, without waiting for the saved copy to be forgotten', async () => {
    // IndexedDB can take its time (or never answer) under load: the screens that list the new file wait for upload:done.
    const stuck: QueueStore = { ...memoryQueueStore(), remove: () => new Promise<void>(() => undefined) };
    const engine = engineWith({ store: stuck });
    const done = new Promise<string>((resolve) => {
      const off = bus.on('upload:done', (detail) => {
        off();
        resolve(detail.fileName);
      });
    });
    const id = engine.add(fileOf(1 * MiB, 'listed.bin').file, { uploadParams: { path: 'done-event' } })!;
    expect((await settled(engine, id)).status).toBe('success');
    expect(await done).toBe('listed.bin');
  });

  it('retries a failing chunk and completes; after 3 retries it fails with 分片{n}上传失败', async () => {
    const flaky = spiedTargets((_item, n, attempt) => {
      if (n === 2 && attempt <= 2) throw new Error('dropped');
    });
    const engine = engineWith({ targets: flaky.targets });
    const done = await settled(engine, engine.add(fileOf(11 * MiB, 'flaky.bin').file)!);
    expect(done.status).toBe('success');
    expect(done.chunks[1]!.retries).toBe(2);

    const broken = spiedTargets((_item, n) => {
      if (n === 3) throw new Error('always');
    });
    const failing = engineWith({ targets: broken.targets });
    const failed = await settled(failing, failing.add(fileOf(11 * MiB, 'broken.bin').file)!);
    expect(failed).toMatchObject({ status: 'error', error: '分片3上传失败' });
    expect(failed.chunks[2]).toMatchObject({ status: 'failed', retries: 3 });
    expect(broken.sent.filter((n) => n === 3)).toHaveLength(4);
    expect(statusLabel(failed)).toBe('上传失败');

    failing.retry(failed.id);
    expect(itemOf(failing, failed.id)).toMatchObject({ status: 'uploading', error: '' });
    failing.cancel(failed.id);
  });

  it('cuts a chunk request left unanswered past the chunk timeout and retries it', async () => {
    const stalledFor: number[] = [];
    const stalling = spiedTargets(async (_item, n, attempt, signal) => {
      if (n !== 2 || attempt !== 1) return;
      const started = Date.now();
      // A server that took the request and never answers: only the engine's timeout ends it.
      await new Promise((_resolve, reject) =>
        signal.addEventListener(
          'abort',
          () => {
            stalledFor.push(Date.now() - started);
            reject(signal.reason);
          },
          { once: true },
        ),
      );
    });
    // Long enough that the real server answers every other request within it even on a loaded machine.
    const engine = engineWith({ targets: stalling.targets, chunkTimeoutMs: 3_000 });
    const { file, md5 } = fileOf(11 * MiB, 'stalled.bin');
    const done = await settled(engine, engine.add(file, { uploadParams: { path: 'timeout' } })!);
    expect(done.status).toBe('success');
    expect(done.chunks[1]!.retries).toBeGreaterThanOrEqual(1);
    expect(stalling.sent.filter((n) => n === 2).length).toBeGreaterThanOrEqual(2);
    expect(stalledFor).toHaveLength(1);
    expect(stalledFor[0]).toBeGreaterThanOrEqual(2_990);
    expect(storedMd5('files', 'timeout/stalled.bin')).toBe(md5);
    expect(constants.chunkUploadTimeout).toBe(30_000);
  });

  it('pauses (cancelling requests), resumes, and finishes', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = spiedTargets(async (_item, n) => {
      if (n > 1) await gate;
    });
    const engine = engineWith({ targets: slow.targets });
    const { file, md5 } = fileOf(16 * MiB, 'pausable.bin');
    const id = engine.add(file, { uploadParams: { path: 'pause' } })!;
    await new Promise<void>((resolve) => {
      const off = engine.$items.subscribe((items) => {
        if (items.find((item) => item.id === id)?.progress === 25) {
          queueMicrotask(() => off());
          resolve();
        }
      });
    });
    engine.pause(id);
    release();
    // The cut requests settle when their aborts are handled: wait for that, not for a fixed time.
    await vi.waitFor(() => expect(itemOf(engine, id).activeRequests).toBe(0), { timeout: 10_000 });
    const pausedItem = itemOf(engine, id);
    expect(statusLabel(pausedItem)).toBe('已暂停');
    // Chunk 1's success started chunk 4 at once, so three requests were cut by the pause.
    expect(pausedItem.chunks.map((chunk) => chunk.status)).toEqual(['success', 'paused', 'paused', 'paused']);
    engine.resume(id);
    expect(itemOf(engine, id).chunks.map((chunk) => chunk.status)).toEqual(['success', 'pending', 'pending', 'pending']);
    expect((await settled(engine, id)).status).toBe('success');
    expect(storedMd5('files', 'pause/pausable.bin')).toBe(md5);
  });

  it('cancel removes the item and stops its requests', async () => {
    const events: string[] = [];
    const off = bus.on('upload:cancelled', (detail) => events.push(detail.fileName));
    const engine = engineWith();
    const id = engine.add(fileOf(11 * MiB, 'cancelled.bin').file)!;
    await vi.waitFor(() => expect(itemOf(engine, id).status).toBe('uploading'), { timeout: 10_000 });
    engine.cancel(id);
    off();
    expect(engine.$items.get()).toEqual([]);
    expect(events).toEqual(['cancelled.bin']);
  });

  it('after a reload shows the unfinished item, and the same file again sends only the missing chunks', async () => {
    const store = memoryQueueStore();
    const stopAfterFirst = spiedTargets(async (_item, n) => {
      if (n > 1) throw new Error('page closed');
    });
    const before = engineWith({ targets: stopAfterFirst.targets, store });
    const { file, md5 } = fileOf(16 * MiB, 'resumable.bin');
    const firstId = before.add(file)!;
    await settled(before, firstId);

    const { targets, sent } = spiedTargets();
    const after = engineWith({ targets, store });
    await after.restored;
    expect(after.$items.get()).toEqual([
      expect.objectContaining({ id: firstId, file: null, status: 'paused', fileName: 'resumable.bin', progress: 25, md5 }),
    ]);
    const id = after.add(new File([file], 'resumable.bin', { lastModified: file.lastModified }));
    expect(id).toBe(firstId);
    expect((await settled(after, firstId)).status).toBe('success');
    expect(sent.sort()).toEqual([2, 3, 4]);
    expect(storedMd5('files', 'resumable.bin')).toBe(md5);
    expect(await store.load()).toEqual([]);
  });

  it('brings saved items back only for the account that started them', async () => {
    const store = memoryQueueStore();
    const stopAfterFirst = spiedTargets((_item, n) => {
      if (n > 1) throw new Error('page closed');
    });
    const before = engineWith({ targets: stopAfterFirst.targets, store });
    await settled(before, before.add(fileOf(11 * MiB, 'private.bin').file)!);
    owner = 'second account';
    try {
      const other = engineWith({ store });
      await other.restored;
      expect(other.$items.get()).toEqual([]);
      owner = 'first account';
      await other.switchOwner();
      expect(other.$items.get().map((item) => item.fileName)).toEqual(['private.bin']);
    } finally {
      owner = 'first account';
    }
  });

  it('reports speed and time left while chunks are in flight', async () => {
    const slow = spiedTargets(() => new Promise((resolve) => setTimeout(resolve, 400)));
    const engine = engineWith({ targets: slow.targets });
    const id = engine.add(fileOf(21 * MiB, 'measured.bin').file)!;
    let seen = { speed: 0, remainingMs: null as number | null };
    engine.$items.subscribe((items) => {
      const item = items.find((candidate) => candidate.id === id);
      if (item?.status === 'uploading' && item.speed > 0 && item.remainingMs !== null)
        seen = { speed: item.speed, remainingMs: item.remainingMs };
    });
    await settled(engine, id);
    expect(seen.speed).toBeGreaterThan(0);
    expect(seen.remainingMs).toBeGreaterThanOrEqual(0);
  });

  it('uploads through presigned URLs (GPU target) and refuses names against spec §5', async () => {
    const activation = await fetch(`${server.apiBase}/cloud-net-disk/auth/activation`, {
      method: 'POST',
      headers: { token: connection.token()!, 'content-type': 'application/json' },
      body: JSON.stringify({ regionCode: 'hd-2' }),
    });
    expect(((await activation.json()) as { code: number }).code).toBe(200);
    const engine = engineWith();
    const { file, md5 } = fileOf(7 * MiB, 'model.safetensors');
    const done = await settled(engine, engine.add(file, { uploadType: 'gpu', uploadParams: { regionCode: 'hd-2', prefix: 'ckpt' } })!);
    expect(done.status).toBe('success');
    expect(done.chunks).toHaveLength(2);
    expect(storedMd5('cloud/hd-2', 'ckpt/model.safetensors')).toBe(md5);

    const warnings: string[] = [];
    const off = bus.on('toast', (toast) => warnings.push(`${toast.type} ${toast.message}`));
    expect(engine.add(new File(['x'], '模型（1）.bin'), { uploadType: 'gpu', uploadParams: { regionCode: 'hd-2' } })).toBeNull();
    off();
    expect(warnings).toEqual(['warning 文件名称不能包含特殊中文字符和空格！']);
  });

  it('uploads a video in 2048000-byte chunks and keeps { state, videoId }', async () => {
    const engine = engineWith();
    // The server keeps only real media containers: a real two-second mp4, padded to 5 MiB.
    const clip = readFileSync(new URL('../../../api-server/src/test-support/test-media/clip.mp4', import.meta.url));
    const lesson = new File([clip, new Uint8Array(5 * MiB - clip.length)], '第一课.mp4');
    const done = await settled(engine, engine.add(lesson, { uploadType: 'video' })!);
    expect(done.chunks).toHaveLength(3);
    expect(done).toMatchObject({ status: 'success', result: { state: 1, videoId: expect.any(Number) } });
  });

  it("uploads an ID card image (credential target), and a renamed non-image fails with the server's reason, unretried", async () => {
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets });
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(3000)], '身份证人像面.png');
    const done = await settled(engine, engine.add(image, { uploadType: 'credential', uploadParams: { side: 'front' } })!);
    expect(done).toMatchObject({ status: 'success', result: { side: 'front', contentType: 'image/png', size: 3008 } });

    const refused = await settled(
      engine,
      engine.add(new File(['不是图片'], 'renamed.png'), { uploadType: 'credential', uploadParams: { side: 'back' } })!,
    );
    expect(refused).toMatchObject({ status: 'error', error: '仅支持 JPG、PNG 格式的图片' });
    expect(sent).toEqual([1, 1]);
    const tooLarge = await settled(
      engine,
      engine.add(fileOf(6 * MiB, 'large.png').file, { uploadType: 'credential', uploadParams: { side: 'back' } })!,
    );
    expect(tooLarge).toMatchObject({ status: 'error', error: '图片大小不能超过5MB' });
    expect(sent).toEqual([1, 1]);
  });
});

describe('large files: sent at once, hashed only when the server may hold them already', () => {
  const large = hashWhileSendingAbove + 8 * MiB;
  /** A size no other test uploads, cut in as many chunks as `large`: the server answers that hashing can find nothing held. */
  let unusedSize = large;
  const freshSize = () => (unusedSize -= 1);

  /**
   * Stores for this user a file of `file`'s size starting with the same 256 KiB and going on otherwise (other bytes, as
   * two checkpoints of one model may be): the server then tells `file` to hash alongside, as it may be held already.
   * With `lastStartByteDiffers` only the 256th KiB's last byte tells them apart within that start.
   */
  async function storeSameStart(file: File, stored: string, { lastStartByteDiffers = false } = {}) {
    const head = new Uint8Array(await file.slice(0, sliceMd5Bytes).arrayBuffer());
    if (lastStartByteDiffers) head[sliceMd5Bytes - 1] = head[sliceMd5Bytes - 1]! ^ 0xff;
    const sameSize = new File([head, randomBytes(file.size - sliceMd5Bytes)], path.basename(stored));
    const engine = engineWith();
    const id = engine.add(sameSize, { uploadParams: { path: path.dirname(stored) } })!;
    expect((await settled(engine, id)).status).toBe('success');
  }

  it('sends a large file without hashing it when the user stores no file of its size, and merges it without waiting for an MD5: the server lists one once the file is placed', async () => {
    const gated = gatedHasher();
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets, hasher: gated.hasher });
    const { file, md5 } = fileOf(freshSize(), '大文件.bin');
    const id = engine.add(file, { uploadParams: { path: 'large' } })!;
    const labels = labelsOf(engine, id);
    const done = await settled(engine, id);
    expect(done).toMatchObject({
      status: 'success',
      md5: '',
      hashWanted: false,
      progress: 100,
      uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(done.result).toMatchObject({ path: 'large/大文件.bin', md5: '' });
    await vi.waitFor(async () => expect(await listedMd5('large', '大文件.bin')).toBe(md5), { timeout: 10_000 });
    expect(gated.calls()).toBe(0);
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(labels[0]).toBe('准备中');
    expect(labels).toContain('等待上传');
    expect(labels.at(-1)).toBe('上传成功');
    expect(storedMd5('files', 'large/大文件.bin')).toBe(md5);
  });

  it('sends a large file without hashing it when the files the user stores of its size start otherwise (sliceMd5)', async () => {
    const { file, md5 } = fileOf(freshSize(), 'other-start.bin');
    await storeSameStart(file, 'large/differs-early.bin', { lastStartByteDiffers: true });
    const gated = gatedHasher();
    const engine = engineWith({ targets: spiedTargets().targets, hasher: gated.hasher });
    const id = engine.add(file, { uploadParams: { path: 'large' } })!;
    expect(await settled(engine, id)).toMatchObject({ status: 'success', md5: '', hashWanted: false, progress: 100 });
    expect(gated.calls()).toBe(0);
    expect(storedMd5('files', 'large/other-start.bin')).toBe(md5);
  });

  it('opens a large upload when the slice MD5 cannot be computed, and the server answers by the size alone', async () => {
    const { file, md5 } = fileOf(freshSize(), 'no-slice.bin');
    await storeSameStart(file, 'large/no-slice-stored.bin', { lastStartByteDiffers: true });
    const unreadable: FileHasher = () => Promise.reject(new Error('NotReadableError'));
    const gated = gatedHasher();
    const engine = engineWith({ targets: createTargets(unreadable), hasher: gated.hasher });
    const id = engine.add(file, { uploadParams: { path: 'large' } })!;
    // Without the slice MD5, a stored file of the size is enough for the server to want the whole file hashed.
    expect(await reached(engine, id, (item) => item.progress === 100)).toMatchObject({ status: 'uploading', hashWanted: true });
    gated.release();
    expect(await settled(engine, id)).toMatchObject({ status: 'success', md5 });
  });

  it('sends every chunk of a large file that may be stored (its size and first 256 KiB) before its MD5 is known, and merges once it is', async () => {
    const { file, md5 } = fileOf(freshSize(), '另一个.bin');
    await storeSameStart(file, 'large/same-start.bin');
    const gated = gatedHasher();
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets, hasher: gated.hasher });
    const id = engine.add(file, { uploadParams: { path: 'large' } })!;
    const allSent = await reached(engine, id, (item) => item.progress === 100);
    expect(allSent).toMatchObject({ status: 'uploading', md5: '', hashWanted: true, uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(statusLabel(allSent)).toBe('上传中 100%');
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(gated.calls()).toBe(1);
    gated.release();
    expect(await settled(engine, id)).toMatchObject({ status: 'success', md5, progress: 100 });
    expect(storedMd5('files', 'large/另一个.bin')).toBe(md5);
  });

  it('sends every part of a large file to the cloud disk without hashing it (the cloud disk gives nothing instantly)', async () => {
    const activation = await fetch(`${server.apiBase}/cloud-net-disk/auth/activation`, {
      method: 'POST',
      headers: { token: connection.token()!, 'content-type': 'application/json' },
      body: JSON.stringify({ regionCode: 'hd-2' }),
    });
    expect([200, 400, 409]).toContain(((await activation.json()) as { code: number }).code);
    const gated = gatedHasher();
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets, hasher: gated.hasher });
    const { file, md5 } = fileOf(large, 'weights.bin');
    const id = engine.add(file, { uploadType: 'gpu', uploadParams: { regionCode: 'hd-2', prefix: 'large' } })!;
    expect(await settled(engine, id)).toMatchObject({ status: 'success', md5: '', hashWanted: false, progress: 100 });
    expect(gated.calls()).toBe(0);
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(storedMd5('cloud/hd-2', 'large/weights.bin')).toBe(md5);
  });

  it('completes at once (秒传) when the finished hash shows the content is stored, without sending the remaining chunks', async () => {
    const { file, md5 } = fileOf(large, 'original.bin');
    const first = engineWith();
    expect((await settled(first, first.add(file, { uploadParams: { path: 'held' } })!)).status).toBe('success');
    const reservedBefore = await reservedBytes();

    const gated = gatedHasher();
    // Chunks after the first hang until the engine cuts them; the hash is let go once chunk 1 is stored.
    const { targets, sent } = spiedTargets(async (_item, n, _attempt, signal) => {
      if (n > 1)
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
    });
    const engine = engineWith({ targets, hasher: gated.hasher });
    const id = engine.add(new File([file], 'again.bin'), { uploadParams: { path: 'held' } })!;
    await reached(engine, id, (item) => item.chunks[0]?.status === 'success');
    expect(itemOf(engine, id).md5).toBe('');
    gated.release();
    const done = await settled(engine, id);
    expect(done).toMatchObject({ status: 'success', md5, progress: 100, activeRequests: 0 });
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(storedMd5('files', 'held/again.bin')).toBe(md5);
    expect(await reservedBytes()).toBe(reservedBefore);
  });

  it('keeps hash-first for a file at the threshold: nothing is cut or sent before the MD5 is known', async () => {
    const gated = gatedHasher();
    const { targets, sent } = spiedTargets();
    const engine = engineWith({ targets, hasher: gated.hasher });
    const { file, md5 } = fileOf(hashWhileSendingAbove, 'threshold.bin');
    const id = engine.add(file, { uploadParams: { path: 'small' } })!;
    await vi.waitFor(() => expect(gated.calls()).toBe(1));
    expect(itemOf(engine, id)).toMatchObject({ status: 'preparing', chunks: [], uploadId: '' });
    gated.release();
    expect(await settled(engine, id)).toMatchObject({ status: 'success', md5, uploadId: '' });
    expect(sent.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('pauses and resumes a large file while it is still hashed', async () => {
    const gated = gatedHasher();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { targets } = spiedTargets(async (_item, n) => {
      if (n > 1) await gate;
    });
    const { file, md5 } = fileOf(freshSize(), 'paused-large.bin');
    await storeSameStart(file, 'large-pause/same-start.bin');
    const engine = engineWith({ targets, hasher: gated.hasher });
    const id = engine.add(file, { uploadParams: { path: 'large-pause' } })!;
    await reached(engine, id, (item) => item.chunks[0]?.status === 'success');
    engine.pause(id);
    release();
    await vi.waitFor(() => expect(itemOf(engine, id).activeRequests).toBe(0), { timeout: 10_000 });
    expect(statusLabel(itemOf(engine, id))).toBe('已暂停');
    gated.release();
    await reached(engine, id, (item) => item.md5 === md5);
    expect(itemOf(engine, id).status).toBe('paused');
    engine.resume(id);
    expect((await settled(engine, id)).status).toBe('success');
    expect(storedMd5('files', 'large-pause/paused-large.bin')).toBe(md5);
  });

  it('after a reload resumes a large upload under its upload id, sending only the missing chunks', async () => {
    const store = memoryQueueStore();
    let firstStored: () => void = () => undefined;
    const chunkOneStored = new Promise<void>((resolve) => (firstStored = resolve));
    const closing = spiedTargets(async (_item, n) => {
      if (n === 1) return;
      await chunkOneStored;
      throw new Error('page closed');
    });
    const before = engineWith({ targets: closing.targets, store });
    const { file, md5 } = fileOf(freshSize(), 'resumable-large.bin');
    const firstId = before.add(file)!;
    void reached(before, firstId, (item) => item.chunks[0]?.status === 'success').then(() => firstStored());
    expect((await settled(before, firstId)).status).toBe('error');
    const uploadId = itemOf(before, firstId).uploadId;

    const { targets, sent } = spiedTargets();
    const after = engineWith({ targets, store });
    await after.restored;
    expect(after.$items.get()).toEqual([
      expect.objectContaining({ id: firstId, file: null, status: 'paused', md5: '', uploadId, progress: 12 }),
    ]);
    expect(after.add(new File([file], 'resumable-large.bin', { lastModified: file.lastModified }))).toBe(firstId);
    expect(await settled(after, firstId)).toMatchObject({ status: 'success', md5: '', hashWanted: false, uploadId });
    expect(sent.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(storedMd5('files', 'resumable-large.bin')).toBe(md5);
    expect(await store.load()).toEqual([]);
  });
});
