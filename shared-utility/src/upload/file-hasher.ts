/// <reference path="./worker-import.d.ts" />
import { constants } from '../constants';
import { md5OfSlices } from './md5-slices';
import type { HashMessage, HashRequest } from './md5-worker';

/** Computes a file's MD5 from slices of `sliceSize` bytes; aborting stops it. */
export type FileHasher = (file: Blob, sliceSize: number, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<string>;

/** Hashes in a Web Worker (hash-wasm), one worker per file: the main thread only gets progress messages. */
export const workerHasher: FileHasher = async (file, sliceSize, onProgress, signal) => {
  const { default: Md5Worker } = await import('./md5-worker?worker&inline');
  const worker = new Md5Worker();
  try {
    return await new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      worker.onerror = (event) => reject(new Error(event.message));
      worker.onmessage = (event: MessageEvent<HashMessage>) => {
        const message = event.data;
        if (message.type === 'progress') onProgress(message.percent);
        else if (message.type === 'done') resolve(message.md5);
        else reject(new Error(message.message));
      };
      worker.postMessage({ file, sliceSize } satisfies HashRequest);
    });
  } finally {
    worker.terminate();
  }
};

/** The same hashing on the calling thread, for environments without workers (tests, Node). */
export const inThreadHasher: FileHasher = (file, sliceSize, onProgress) => md5OfSlices(file, sliceSize, onProgress);

/** A file's MD5 computed off the main thread (for micro-apps that need one outside an upload). */
export function md5InWorker(file: Blob, options: { sliceSize?: number; onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<string> {
  return workerHasher(file, options.sliceSize ?? constants.chunkSize, options.onProgress ?? (() => undefined), options.signal ?? new AbortController().signal);
}
