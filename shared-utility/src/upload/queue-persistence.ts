import type { QueueStore, SavedItem } from './queue-store';
import type { UploadConnection } from './upload-connection';
import type { UploadQueue } from './upload-queue';
import type { UploadItem } from './upload-types';

const savedItemLifetimeMs = 24 * 3_600_000;

/** What is kept of an item across reloads, for its owner. */
function toSavedItem(item: UploadItem, owner: string, savedAt: number): SavedItem {
  const { id, uploadType, fileName, fileSize, lastModified, md5, uploadId, chunkSize, progress } = item;
  const { uploadPath, mergePath, uploadParams, mergeParams } = item;
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
    savedAt,
  };
}

/** A saved item back in the queue, paused until the user picks its file again. */
export function fromSavedItem(record: SavedItem): UploadItem {
  const { savedAt: _savedAt, owner: _owner, ...fields } = record;
  return {
    ...fields,
    uploadId: fields.uploadId ?? '',
    hashWanted: true,
    file: null,
    chunks: [],
    status: 'paused',
    activeRequests: 0,
    error: '',
    hashProgress: fields.md5 ? 100 : 0,
    speed: 0,
    remainingMs: null,
    result: null,
  };
}

const isExpired = (record: SavedItem, now: number) => now - record.savedAt > savedItemLifetimeMs;

/** Keeps unfinished items in the queue store so that a reload shows them again (to the account that started them, for a day). */
export interface QueuePersistence {
  /** Saves the item once the server can recognise it again (its MD5 or upload id is known). */
  save(id: string): void;
  forget(id: string): Promise<void>;
  /** Puts the current owner's saved items before those queued; drops saved items older than a day. */
  restore(): Promise<void>;
}

export function createQueuePersistence(options: { queue: UploadQueue; store: QueueStore; connection: UploadConnection }): QueuePersistence {
  const { queue, store, connection } = options;
  const forget = (id: string) => store.remove(id).catch(() => undefined);
  return {
    save(id) {
      const item = queue.get(id);
      if (item?.md5 || item?.uploadId) store.save(toSavedItem(item, connection.owner(), Date.now())).catch(() => undefined);
    },
    forget,
    async restore() {
      const now = Date.now();
      const restored: UploadItem[] = [];
      const owner = connection.owner();
      for (const record of await store.load().catch(() => [])) {
        if (isExpired(record, now)) await forget(record.id);
        else if (record.owner === owner) restored.push(fromSavedItem(record));
      }
      queue.prepend(restored);
    },
  };
}
