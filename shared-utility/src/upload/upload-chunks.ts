import type { Preparation } from './upload-targets';
import type { UploadChunk, UploadItem } from './upload-types';

/** Cuts a file into chunks of `chunkSize` bytes (an empty file is one empty chunk), none sent yet. */
export function cutIntoChunks(file: Blob, chunkSize: number): UploadChunk[] {
  const count = Math.max(1, Math.ceil(file.size / chunkSize));
  return Array.from({ length: count }, (_, index) => ({
    index,
    file: file.slice(index * chunkSize, (index + 1) * chunkSize),
    status: 'pending' as const,
    retries: 0,
    process: 0,
  }));
}

/** The share of chunks stored, 0–100, rounded down. */
export const successShare = (chunks: UploadChunk[]) =>
  chunks.length === 0 ? 0 : Math.floor((chunks.filter((chunk) => chunk.status === 'success').length / chunks.length) * 100);

export const allStored = (chunks: UploadChunk[]) => chunks.every((chunk) => chunk.status === 'success');

/** Bytes of the chunks not stored yet. */
export const bytesLeft = (chunks: UploadChunk[]) =>
  chunks.filter((chunk) => chunk.status !== 'success').reduce((sum, chunk) => sum + chunk.file.size, 0);

/** The item's chunks with those the server holds marked as sent (all of them for 秒传). */
export function withHeldChunks(chunks: UploadChunk[], preparation: Preparation): Pick<UploadItem, 'chunks' | 'progress'> {
  const held = new Set(preparation.skipUpload ? chunks.map((chunk) => chunk.index + 1) : preparation.uploaded);
  const marked = chunks.map((chunk): UploadChunk => (held.has(chunk.index + 1) ? { ...chunk, status: 'success', process: 100 } : chunk));
  return { chunks: marked, progress: successShare(marked) };
}

/** On resume: chunks stopped by the pause are to send again. */
export const resumedChunks = (chunks: UploadChunk[]) =>
  chunks.map((chunk): UploadChunk => (chunk.status === 'paused' ? { ...chunk, status: 'pending' } : chunk));

/** On retry: every chunk not stored is to send again, with its retries counted afresh. */
export const retriedChunks = (chunks: UploadChunk[]) =>
  chunks.map((chunk): UploadChunk => (chunk.status === 'success' ? chunk : { ...chunk, status: 'pending', retries: 0, process: 0 }));
