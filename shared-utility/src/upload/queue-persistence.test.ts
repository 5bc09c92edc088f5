import { describe, expect, it } from 'vitest';
import { createQueuePersistence, fromSavedItem } from './queue-persistence';
import { memoryQueueStore } from './queue-store';
import { savedItemOf } from './saved-item-fixture';
import { createUploadQueue } from './upload-queue';

const day = 24 * 3_600_000;

function setUp(owner = 'ann') {
  const store = memoryQueueStore();
  const queue = createUploadQueue();
  const persistence = createQueuePersistence({ queue, store, connection: { apiBase: () => '', token: () => null, owner: () => owner } });
  return { store, queue, persistence };
}

describe('queue persistence', () => {
  it('brings back the owner’s saved items paused and waiting for their file, and drops those older than a day', async () => {
    const { store, queue, persistence } = setUp();
    await store.save(savedItemOf('mine', { md5: 'abc' }));
    await store.save(savedItemOf('theirs', { owner: 'bob' }));
    await store.save(savedItemOf('old', { savedAt: Date.now() - day - 1000 }));
    await persistence.restore();
    expect(queue.$items.get().map((item) => [item.id, item.status, item.file, item.hashProgress, item.progress])).toEqual([
      ['mine', 'paused', null, 100, 40],
    ]);
    expect((await store.load()).map((record) => record.id).sort()).toEqual(['mine', 'theirs']);
  });

  it('saves an item only once its MD5 or upload id is known, under the current owner', async () => {
    const { store, queue, persistence } = setUp('carl');
    queue.append(fromSavedItem(savedItemOf('a')));
    persistence.save('a');
    queue.patch('a', { uploadId: 'u-1' });
    expect(await store.load()).toEqual([]);
    persistence.save('a');
    await Promise.resolve();
    expect((await store.load()).map((record) => [record.id, record.uploadId, record.owner])).toEqual([['a', 'u-1', 'carl']]);
    await persistence.forget('a');
    expect(await store.load()).toEqual([]);
  });

  it('keeps across a reload exactly the fields needed to resume', () => {
    const record = savedItemOf('a', { md5: 'abc', uploadId: 'u-1' });
    const item = fromSavedItem(record);
    expect(item).toMatchObject({ md5: 'abc', uploadId: 'u-1', chunks: [], activeRequests: 0, speed: 0, remainingMs: null });
    expect(item).not.toHaveProperty('owner');
    expect(item).not.toHaveProperty('savedAt');
  });
});
