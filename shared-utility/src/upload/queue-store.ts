import type { UploadItem } from './upload-types';

/** What is kept of an unfinished item across reloads (the File itself is not: the user picks it again). */
export type SavedItem = Pick<
  UploadItem,
  | 'id'
  | 'uploadType'
  | 'fileName'
  | 'fileSize'
  | 'lastModified'
  | 'md5'
  | 'uploadId'
  | 'chunkSize'
  | 'progress'
  | 'uploadPath'
  | 'mergePath'
  | 'uploadParams'
  | 'mergeParams'
> & { savedAt: number; /** Whose upload it is: only that account sees it after a reload. */ owner: string };

export interface QueueStore {
  load(): Promise<SavedItem[]>;
  save(item: SavedItem): Promise<void>;
  remove(id: string): Promise<void>;
}

export function memoryQueueStore(): QueueStore {
  const items = new Map<string, SavedItem>();
  return {
    load: async () => [...items.values()],
    save: async (item) => void items.set(item.id, structuredClone(item)),
    remove: async (id) => void items.delete(id),
  };
}

const storeName = 'items';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** The queue in IndexedDB, or in memory where IndexedDB is missing. */
export function indexedDbQueueStore(databaseName = 'rc-uploads'): QueueStore {
  if (typeof indexedDB === 'undefined') return memoryQueueStore();
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise((resolve, reject) => {
      const open = indexedDB.open(databaseName, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(storeName, { keyPath: 'id' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return opened;
  };
  const items = async (mode: IDBTransactionMode) => (await database()).transaction(storeName, mode).objectStore(storeName);
  return {
    load: async () => request((await items('readonly')).getAll() as IDBRequest<SavedItem[]>),
    save: async (item) => void (await request((await items('readwrite')).put(item))),
    remove: async (id) => void (await request((await items('readwrite')).delete(id))),
  };
}
