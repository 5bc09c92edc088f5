import { describe, expect, it } from 'vitest';
import { fromSavedItem } from './queue-persistence';
import { createUploadQueue } from './upload-queue';
import type { UploadItem } from './upload-types';
import { savedItemOf } from './saved-item-fixture';

const itemOf = (id: string, change: Partial<UploadItem> = {}): UploadItem => ({ ...fromSavedItem(savedItemOf(id)), ...change });

describe('upload queue', () => {
  it('patches one item, and a chunk of it with the progress recounted', () => {
    const queue = createUploadQueue();
    const chunk = { file: new Blob(['x']), status: 'pending' as const, retries: 0, process: 0 };
    queue.append(itemOf('a', { chunks: [0, 1, 2, 3].map((index) => ({ ...chunk, index })) }));
    queue.append(itemOf('b'));
    queue.patchChunk('a', 1, { status: 'success' });
    queue.patch('b', (item) => ({ fileName: `${item.fileName}!` }));
    expect(queue.get('a')!.progress).toBe(25);
    expect(queue.get('b')!.fileName).toBe('b.bin!');
  });

  it('puts restored items first without doubling those queued, and drops only finished ones on clear', () => {
    const queue = createUploadQueue();
    queue.append(itemOf('a', { status: 'success' }));
    queue.prepend([itemOf('a'), itemOf('b')]);
    expect(queue.$items.get().map((item) => [item.id, item.status])).toEqual([
      ['b', 'paused'],
      ['a', 'success'],
    ]);
    queue.removeFinished();
    expect(queue.$items.get().map((item) => item.id)).toEqual(['b']);
  });

  it('finds the item that waits for a file by name, size, date and kind of upload', () => {
    const queue = createUploadQueue();
    queue.append(itemOf('a'));
    const file = new File(['abc'], 'a.bin', { lastModified: 7 });
    expect(queue.waitingFor(file, 'cpu')?.id).toBe('a');
    expect(queue.waitingFor(file, 'gpu')).toBeUndefined();
    expect(queue.waitingFor(new File(['abc'], 'a.bin', { lastModified: 8 }), 'cpu')).toBeUndefined();
  });
});
