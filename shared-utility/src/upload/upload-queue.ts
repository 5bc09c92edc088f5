import { atom, type ReadableAtom } from 'nanostores';
import { successShare } from './upload-chunks';
import type { UploadChunk, UploadItem } from './upload-types';

type ItemChange = Partial<UploadItem> | ((item: UploadItem) => Partial<UploadItem>);

/** The list of upload items and the only way to change it: every other piece of the engine reads and patches items here. */
export interface UploadQueue {
  readonly $items: ReadableAtom<UploadItem[]>;
  get(id: string): UploadItem | undefined;
  /** Changes one item; does nothing when the item is gone. */
  patch(id: string, change: ItemChange): void;
  /** Changes one chunk of an item and recounts the item's progress. */
  patchChunk(id: string, index: number, change: Partial<UploadChunk>): void;
  append(item: UploadItem): void;
  /** Puts items before those queued, leaving out any whose id is queued already. */
  prepend(items: UploadItem[]): void;
  remove(id: string): void;
  removeFinished(): void;
  clear(): void;
  /** Finds an item that waits for its file (restored after a reload) matching this one. */
  waitingFor(file: File, uploadType: UploadItem['uploadType']): UploadItem | undefined;
}

export function createUploadQueue(): UploadQueue {
  const $items = atom<UploadItem[]>([]);
  const get = (id: string) => $items.get().find((item) => item.id === id);

  function patch(id: string, change: ItemChange): void {
    $items.set(
      $items.get().map((item) => (item.id === id ? { ...item, ...(typeof change === 'function' ? change(item) : change) } : item)),
    );
  }

  return {
    $items,
    get,
    patch,
    patchChunk(id, index, change) {
      patch(id, (item) => {
        const chunks = item.chunks.map((chunk) => (chunk.index === index ? { ...chunk, ...change } : chunk));
        return { chunks, progress: successShare(chunks) };
      });
    },
    append: (item) => $items.set([...$items.get(), item]),
    prepend(items) {
      const known = new Set($items.get().map((item) => item.id));
      $items.set([...items.filter((item) => !known.has(item.id)), ...$items.get()]);
    },
    remove: (id) => $items.set($items.get().filter((item) => item.id !== id)),
    removeFinished: () => $items.set($items.get().filter((item) => item.status !== 'success')),
    clear: () => $items.set([]),
    waitingFor: (file, uploadType) =>
      $items
        .get()
        .find(
          (item) =>
            !item.file &&
            item.uploadType === uploadType &&
            item.fileName === file.name &&
            item.fileSize === file.size &&
            item.lastModified === file.lastModified,
        ),
  };
}
