/** How much of a file `sliceMd5` covers; the server reads as much of each stored file of the same size to compare. */
export const sliceMd5Bytes = 256 * 1024;

/**
 * The MD5 of a file's first 256 KiB, as Baidu's 秒传 links carry `slice-md5`: hashed on the calling thread in about a
 * millisecond, it lets the server say that hashing the whole file could find it stored only when a stored file of its
 * size starts alike.
 */
export async function sliceMd5Of(file: Blob): Promise<string> {
  const { md5OfSlices } = await import('./md5-slices');
  return md5OfSlices(file.slice(0, sliceMd5Bytes), sliceMd5Bytes, () => undefined);
}
