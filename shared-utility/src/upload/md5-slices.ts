import { createMD5 } from 'hash-wasm';

/**
 * MD5 of a file read slice by slice (never the whole file in memory), reporting progress 0–100.
 * The next slice is read while the current one is hashed.
 */
export async function md5OfSlices(file: Blob, sliceSize: number, onProgress: (percent: number) => void): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  const read = (start: number) => file.slice(start, Math.min(file.size, start + sliceSize)).arrayBuffer();
  let pending = file.size > 0 ? read(0) : null;
  for (let start = 0; pending; start += sliceSize) {
    const bytes = await pending;
    const next = start + sliceSize;
    pending = next < file.size ? read(next) : null;
    md5.update(new Uint8Array(bytes));
    onProgress(Math.floor((Math.min(file.size, next) / file.size) * 100));
  }
  return md5.digest('hex');
}
