import { messages } from '../constants';
import { bus } from '../event-bus';
import type { QueuePersistence } from './queue-persistence';
import type { UploadConnection } from './upload-connection';
import type { UploadQueue } from './upload-queue';
import type { UploadTarget } from './upload-targets';
import type { UploadType } from './upload-types';

export interface MergeOptions {
  queue: UploadQueue;
  targets: Record<UploadType, UploadTarget>;
  connection: UploadConnection;
  persistence: QueuePersistence;
  onFailed(id: string, error: string): void;
}

/** Asks the server to merge an item whose chunks are all stored (one call per item at a time); the item then succeeded or failed. */
export function createItemMerge(options: MergeOptions): (id: string) => Promise<void> {
  const { queue, targets, connection, persistence } = options;
  const merging = new Set<string>();

  return async function merge(id) {
    if (merging.has(id)) return;
    merging.add(id);
    const item = queue.get(id)!;
    const answer = await targets[item.uploadType].merge(item, connection);
    merging.delete(id);
    if (queue.get(id)?.status !== 'uploading') return;
    if (answer.code !== 200) {
      options.onFailed(id, answer.msg || messages.uploadFailed);
      return;
    }
    queue.patch(id, { status: 'success', result: answer.data, speed: 0, remainingMs: 0 });
    // The file is the server's now: the screens listing it hear so at once, whenever IndexedDB forgets the saved copy.
    void persistence.forget(id);
    bus.emit('upload:done', { id, fileName: item.fileName, result: answer.data });
    bus.emit('toast', { type: 'success', message: messages.fileUploadSucceeded });
  };
}
