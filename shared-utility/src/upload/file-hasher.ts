// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- brings the `?worker&inline` module type into every app that compiles this file
/// <reference path="./worker-import.d.ts" />
import { constants } from '../constants';
import { md5OfSlices } from './md5-slices';
import type { HashMessage, HashRequest } from './md5-worker';
import type { ReadRequest } from './slice-reader-worker';

/** Computes a file's MD5 from slices of `sliceSize` bytes; aborting stops it. */
export type FileHasher = (file: Blob, sliceSize: number, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<string>;

/** Slices read ahead of the hasher: enough to keep it busy, little enough to bound memory (3 × 5 MiB). */
const slicesAhead = 3;

/**
 * Hashes in Web Workers, one pair per file: a reader that loads slices and a hasher (hash-wasm) that
 * takes them over, so reading the next slice never waits for hashing the last. The main thread only
 * gets progress messages.
 */
export const workerHasher: FileHasher = async (file, sliceSize, onProgress, signal) => {
  const [{ default: HashWorker }, { default: ReaderWorker }] = await Promise.all([
    import('./md5-worker?worker&inline'),
    import('./slice-reader-worker?worker&inline'),
  ]);
  const hasher = new HashWorker();
  const reader = new ReaderWorker();
  try {
    return await new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      hasher.onerror = reader.onerror = (event) => reject(new Error(event.message));
      hasher.onmessage = (event: MessageEvent<HashMessage>) => {
        const message = event.data;
        if (message.type === 'progress') onProgress(message.percent);
        else if (message.type === 'done') resolve(message.md5);
        else reject(new Error(message.message));
      };
      const { port1, port2 } = new MessageChannel();
      reader.postMessage({ file, sliceSize, port: port1, ahead: slicesAhead } satisfies ReadRequest, [port1]);
      hasher.postMessage({ port: port2, size: file.size } satisfies HashRequest, [port2]);
    });
  } finally {
    hasher.terminate();
    reader.terminate();
  }
};

/** The same hashing on the calling thread, for environments without workers (tests, Node). */
export const inThreadHasher: FileHasher = (file, sliceSize, onProgress) => md5OfSlices(file, sliceSize, onProgress);

/** A file's MD5 computed off the main thread (for micro-apps that need one outside an upload). */
export function md5InWorker(
  file: Blob,
  options: { sliceSize?: number; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return workerHasher(
    file,
    options.sliceSize ?? constants.chunkSize,
    options.onProgress ?? (() => undefined),
    options.signal ?? new AbortController().signal,
  );
}
