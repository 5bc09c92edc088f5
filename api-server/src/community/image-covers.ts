import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../errors.js';

/** Covers of shared images: PNG, JPEG or WebP of at most 2 MB, stored by content in the blob store and served publicly. */
export const maxCoverBytes = 2 * 1024 * 1024;
const tooLarge = '封面图片不能超过2MB';

const coverTypes = [
  {
    extension: 'png',
    contentType: 'image/png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', contentType: 'image/jpeg', matches: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    extension: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

const keyOf = (name: string) => `community/image-covers/${name}`;
export const coverUrlOf = (name: string) => `/apis/community/api/image/cover/${name}`;

/** Reads at most `maxCoverBytes`; a longer stream is refused without being held in memory. */
export async function readCoverBytes(source: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxCoverBytes) {
      source.destroy();
      throw invalid(tooLarge);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** Stores the cover under a name made of its MD5 and its type (from the bytes, not the file name); answers its URL. */
export async function storeCover(app: FastifyInstance, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw invalid('封面图片不能为空');
  const type = coverTypes.find((candidate) => candidate.matches(bytes));
  if (!type) throw invalid('封面仅支持 PNG、JPG、WebP 格式的图片');
  const name = `${createHash('md5').update(bytes).digest('hex')}.${type.extension}`;
  if (!(await app.blobs.stat(keyOf(name)))) await app.blobs.put(keyOf(name), Readable.from([bytes]), { maxBytes: maxCoverBytes });
  return coverUrlOf(name);
}

export async function readCover(app: FastifyInstance, name: string) {
  const stat = await app.blobs.stat(keyOf(name));
  if (!stat || stat.size > maxCoverBytes) throw notFound('封面不存在');
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const contentType = coverTypes.find((type) => type.extension === extension)?.contentType ?? 'application/octet-stream';
  return { contentType, size: stat.size, body: app.blobs.readRange(keyOf(name), 0, stat.size) };
}
