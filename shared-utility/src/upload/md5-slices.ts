import { createMD5 } from 'hash-wasm';

/** MD5 of a file read slice by slice (never the whole file in memory), reporting progress 0–100. */
export async function md5OfSlices(file: Blob, sliceSize: number, onProgress: (percent: number) => void): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  for (let start = 0; start < file.size; start += sliceSize) {
    const end = Math.min(file.size, start + sliceSize);
    md5.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    onProgress(Math.floor((end / file.size) * 100));
  }
  return md5.digest('hex');
}
