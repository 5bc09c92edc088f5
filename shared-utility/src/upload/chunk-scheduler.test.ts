import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../constants';
import { createChunkScheduler } from './chunk-scheduler';
import { fromSavedItem } from './queue-persistence';
import { savedItemOf } from './saved-item-fixture';
import { cutIntoChunks } from './upload-chunks';
import { createUploadQueue } from './upload-queue';
import type { UploadTarget } from './upload-targets';
import type { UploadType } from './upload-types';

const connection = { apiBase: () => '', token: () => null, owner: () => '' };

/** A target whose chunk requests wait until the test answers them. */
function answeringTarget() {
  const waiting: Array<{ chunk: number; answer: (stored: boolean) => void; signal: AbortSignal }> = [];
  const target: UploadTarget = {
    paths: { uploadPath: '/up', mergePath: '/merge' },
    prepare: () => Promise.reject(new Error('not used')),
    merge: () => Promise.reject(new Error('not used')),
    sendChunk: (_item, chunk, _connection, signal) =>
      new Promise((resolve, reject) => {
        const answer = (stored: boolean) => (stored ? resolve() : reject(new Error('refused')));
        waiting.push({ chunk: chunk.index + 1, answer, signal });
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      }),
  };
  return { target, waiting };
}

function setUp(chunkCount: number, md5 = 'abc') {
  const { target, waiting } = answeringTarget();
  const queue = createUploadQueue();
  const events = { stored: 0, allStored: 0, failed: [] as string[] };
  const targets = { cpu: target, gpu: target, video: target, credential: target } satisfies Record<UploadType, UploadTarget>;
  const scheduler = createChunkScheduler({
    queue,
    targets,
    connection,
    retryBackoffMs: [1000, 3000, 5000],
    chunkTimeoutMs: 30_000,
    onChunkStored: () => void (events.stored += 1),
    onAllStored: () => void (events.allStored += 1),
    onFailed: (_id, error) => void events.failed.push(error),
  });
  const item = fromSavedItem(savedItemOf('a', { fileSize: chunkCount, md5, progress: 0 }));

  queue.append({ ...item, status: 'pending', chunks: cutIntoChunks(new Blob([new Uint8Array(chunkCount)]), 1) });
  return { queue, scheduler, waiting, events };
}

const tick = () => vi.advanceTimersByTimeAsync(constants.uploadPollMs);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('chunk scheduler', () => {
  it('sends at most three chunks of an item at once, refills a freed slot at once, and asks for the merge when all are stored', async () => {
    const { queue, scheduler, waiting, events } = setUp(4);
    scheduler.start();
    await tick();
    expect(queue.get('a')!.status).toBe('uploading');
    expect(waiting.map((request) => request.chunk)).toEqual([1, 2, 3]);
    waiting[0]!.answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.map((request) => request.chunk)).toEqual([1, 2, 3, 4]);
    for (const request of waiting.slice(1)) request.answer(true);
    await tick();
    expect(queue.get('a')!.progress).toBe(100);
    expect(events).toMatchObject({ stored: 4, failed: [] });
    expect(events.allStored).toBeGreaterThan(0);
  });

  it('does not ask for the merge before the MD5 is known', async () => {
    const { scheduler, waiting, events } = setUp(1, '');
    scheduler.start();
    await tick();
    waiting[0]!.answer(true);
    await tick();
    await tick();
    expect(events.allStored).toBe(0);
  });

  it('retries a refused chunk after the backoff wait, and fails the item after three retries with 分片{n}上传失败', async () => {
    const { queue, scheduler, waiting, events } = setUp(1);
    scheduler.start();
    await tick();
    waiting[0]!.answer(false);
    await tick();
    expect(queue.get('a')!.chunks[0]).toMatchObject({ status: 'pending', retries: 1 });
    expect(waiting).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiting).toHaveLength(2);
    waiting[1]!.answer(false);
    await vi.advanceTimersByTimeAsync(3100);
    waiting[2]!.answer(false);
    await vi.advanceTimersByTimeAsync(5100);
    waiting[3]!.answer(false);
    await tick();
    expect(queue.get('a')!.chunks[0]!.status).toBe('failed');
    expect(events.failed).toEqual(['分片1上传失败']);
  });

  it('cuts a request unanswered past the chunk timeout and sends the chunk again', async () => {
    const { queue, scheduler, waiting } = setUp(1);
    scheduler.start();
    await tick();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(waiting[0]!.signal.aborted).toBe(true);
    expect(queue.get('a')!.chunks[0]!.retries).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiting).toHaveLength(2);
  });

  it('on a pause marks the chunks in flight paused, without counting a retry', async () => {
    const { queue, scheduler, waiting } = setUp(2);
    scheduler.start();
    await tick();
    queue.patch('a', { status: 'paused' });
    scheduler.stop('a', 'paused');
    await tick();
    expect(waiting.every((request) => request.signal.aborted)).toBe(true);
    expect(queue.get('a')!.chunks.map((chunk) => [chunk.status, chunk.retries])).toEqual([
      ['paused', 0],
      ['paused', 0],
    ]);
  });
});
