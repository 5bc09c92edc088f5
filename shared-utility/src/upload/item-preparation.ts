import { messages } from '../constants';
import type { ChunkScheduler } from './chunk-scheduler';
import type { ItemHashing } from './item-hashing';
import type { QueuePersistence } from './queue-persistence';
import { cutIntoChunks, withHeldChunks } from './upload-chunks';
import type { UploadConnection } from './upload-connection';
import type { UploadQueue } from './upload-queue';
import type { Preparation, UploadTarget } from './upload-targets';
import type { UploadItem, UploadType } from './upload-types';

/**
 * Files larger than this are sent under an upload id the server issues, and hashed alongside only when the server may
 * hold them already (their MD5 then goes with the merge); smaller ones keep the spec's order: hash, ask the server, send.
 */
export const hashWhileSendingAbove = 32 * 1024 * 1024;

export interface PreparationOptions {
  queue: UploadQueue;
  targets: Record<UploadType, UploadTarget>;
  connection: UploadConnection;
  hashing: ItemHashing;
  scheduler: ChunkScheduler;
  persistence: QueuePersistence;
  onFailed(id: string, error: string): void;
}

export interface ItemPreparation {
  /** Hash (unless known), cut, and ask the server what it already has, then hand the chunks to the scheduler; a large file is sent at once (hashed alongside when it may be held). */
  prepare(id: string): Promise<void>;
  /** Starts hashing an item sent while it is hashed, unless its MD5 is known, being computed, or not wanted. */
  keepHashing(id: string): void;
}

export function createItemPreparation(options: PreparationOptions): ItemPreparation {
  const { queue, targets, connection, hashing, scheduler, persistence } = options;
  const fail = options.onFailed;

  const sendsWhileHashing = (item: UploadItem) =>
    item.uploadId !== '' || (item.md5 === '' && item.fileSize > hashWhileSendingAbove && targets[item.uploadType].open !== undefined);

  async function prepare(id: string): Promise<void> {
    if (sendsWhileHashing(queue.get(id)!)) return prepareWhileHashing(id);
    const start = queue.get(id)!;
    queue.patch(id, { status: 'preparing', error: '', hashProgress: start.md5 ? 100 : 0 });
    const md5 = start.md5 || (await hashing.hash(id));
    if (!md5 || !queue.get(id)) return;
    queue.patch(id, { md5, hashProgress: 100, chunks: cutIntoChunks(start.file!, start.chunkSize), progress: 0 });
    persistence.save(id);
    const item = queue.get(id)!;
    const answer = await targets[item.uploadType].prepare(item, connection);
    if (!queue.get(id)) return;
    if (answer.code !== 200) {
      fail(id, answer.msg || messages.uploadFailed);
      return;
    }
    queue.patch(id, (current) => ({ ...withHeldChunks(current.chunks, answer.data), status: 'pending' }));
    scheduler.start();
  }

  /**
   * Chunks go under the upload id the server issues (kept across reloads: the server then says which
   * chunks it holds; an id it no longer knows is replaced by a new one), while the worker hashes the
   * file if the server may hold it already.
   */
  async function prepareWhileHashing(id: string): Promise<void> {
    const start = queue.get(id)!;
    const target = targets[start.uploadType];
    queue.patch(id, { status: 'preparing', error: '' });
    let held: Preparation = { skipUpload: false, uploaded: [] };
    const known = start.uploadId ? await target.prepare(queue.get(id)!, connection) : null;
    if (!queue.get(id)) return;
    if (known?.code === 200) held = known.data;
    else if (known && known.code !== 404) return fail(id, known.msg || messages.uploadFailed);
    else {
      const opened = await target.open!(queue.get(id)!, connection);
      if (!queue.get(id)) return;
      if (opened.code !== 200) return fail(id, opened.msg || messages.uploadFailed);
      queue.patch(id, { uploadId: opened.data.uploadId });
      held = { ...held, maybeHeld: opened.data.maybeHeld };
    }
    const chunks = withHeldChunks(cutIntoChunks(start.file!, start.chunkSize), held);
    queue.patch(id, { ...chunks, hashWanted: held.maybeHeld === true, status: 'pending' });
    persistence.save(id);
    scheduler.start();
    keepHashing(id);
  }

  function keepHashing(id: string): void {
    const item = queue.get(id);
    if (item?.file && item.uploadId && item.hashWanted && !item.md5 && !hashing.isHashing(id)) void hashAlongside(id);
  }

  /**
   * Once the MD5 is known and chunks are still to send, asks whether the server already stores this
   * content: then the item completes at once (秒传) and no further chunk is sent. The MD5 enters the
   * item only after that answer, so the merge never overtakes the question.
   */
  async function hashAlongside(id: string): Promise<void> {
    const md5 = await hashing.hash(id);
    if (!md5 || !queue.get(id)) return;
    const item = { ...queue.get(id)!, md5 };
    const answer = item.chunks.some((chunk) => chunk.status !== 'success')
      ? await targets[item.uploadType].prepare(item, connection)
      : null;
    if (!queue.get(id)) return;
    const skip = answer?.code === 200 && answer.data.skipUpload;
    queue.patch(id, (current) => ({ md5, hashProgress: 100, ...(skip ? withHeldChunks(current.chunks, answer.data) : {}) }));
    if (skip) scheduler.stop(id, 'alreadyHeld');
    persistence.save(id);
    scheduler.start();
  }

  return { prepare, keepHashing };
}
