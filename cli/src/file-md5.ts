import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** The file's MD5 in hex: the identifier of an upload, and what 秒传 recognises. */
export async function fileMd5(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
