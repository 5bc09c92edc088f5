import { constants, messages } from '../constants';
import type { FileHasher } from './file-hasher';
import type { UploadQueue } from './upload-queue';

/** Computes items' MD5 with the hasher (in a worker in the portal), showing its progress, one run per item at a time. */
export interface ItemHashing {
  /** The item's MD5, or null when hashing failed (the item then failed) or was stopped. */
  hash(id: string): Promise<string | null>;
  isHashing(id: string): boolean;
  stop(id: string): void;
  stopAll(): void;
}

export function createItemHashing(options: {
  queue: UploadQueue;
  hasher: FileHasher;
  onFailed(id: string, error: string): void;
}): ItemHashing {
  const { queue, hasher } = options;
  const running = new Map<string, AbortController>();

  return {
    async hash(id) {
      const item = queue.get(id)!;
      const hashing = new AbortController();
      running.set(id, hashing);
      const sliceSize = item.uploadType === 'video' ? constants.videoMd5SliceSize : item.chunkSize;
      try {
        return await hasher(item.file!, sliceSize, (hashProgress) => queue.get(id) && queue.patch(id, { hashProgress }), hashing.signal);
      } catch {
        if (queue.get(id) && !hashing.signal.aborted) options.onFailed(id, messages.uploadFailed);
        return null;
      } finally {
        if (running.get(id) === hashing) running.delete(id);
      }
    },
    isHashing: (id) => running.has(id),
    stop: (id) => running.get(id)?.abort(),
    stopAll() {
      for (const hashing of running.values()) hashing.abort();
      running.clear();
    },
  };
}
