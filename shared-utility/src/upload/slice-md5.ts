import type { FileHasher } from './file-hasher';

/** How much of a file `sliceMd5` covers; the server reads as much of each stored file of the same size to compare. */
export const sliceMd5Bytes = 256 * 1024;

/**
 * The MD5 of a file's first 256 KiB, as Baidu's 秒传 links carry `slice-md5`, computed by `hasher` (the engine's: off the
 * main thread in the portal). It lets the server say that hashing the whole file could find it stored only when a stored
 * file of its size starts alike. Undefined when it could not be computed: the server then answers by the size alone.
 */
export const sliceMd5Of = (file: Blob, hasher: FileHasher): Promise<string | undefined> =>
  hasher(file.slice(0, sliceMd5Bytes), sliceMd5Bytes, () => undefined, new AbortController().signal).catch(() => undefined);
