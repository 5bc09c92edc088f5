import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../errors.js';

/** Images pasted or dropped into posts: at most 10 MB, the type read from the bytes, not the name. */
export const maxPostImageBytes = 10 * 1024 * 1024;
export const postImageTypeMessage = '仅支持 PNG、JPEG、GIF、WebP 格式的图片';
export const postImageTooLargeMessage = '图片大小不能超过10MB';
export const postImageUrlPrefix = '/apis/community/api/image/';

const imageTypes = [
  {
    extension: 'png',
    contentType: 'image/png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'jpg', contentType: 'image/jpeg', matches: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    extension: 'gif',
    contentType: 'image/gif',
    matches: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    extension: 'webp',
    contentType: 'image/webp',
    matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

/** A stored image's key as it appears in its URL: its SHA-256 and extension (the same image is stored once). */
const keyShape = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;
const blobKey = (key: string) => `community/images/${key}`;

async function readLimited(source: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxPostImageBytes) {
      source.resume();
      throw invalid(postImageTooLargeMessage);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** Stores an uploaded image and answers the URL to put in Markdown. */
export async function storePostImage(app: FastifyInstance, source: Readable) {
  const bytes = await readLimited(source);
  if (bytes.length === 0) throw invalid('图片不能为空');
  const type = imageTypes.find((candidate) => candidate.matches(bytes));
  if (!type) throw invalid(postImageTypeMessage);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${type.extension}`;
  if (!(await app.blobs.stat(blobKey(key)))) await app.blobs.put(blobKey(key), Readable.from([bytes]), { maxBytes: maxPostImageBytes });
  return { key, url: `${postImageUrlPrefix}${key}`, size: bytes.length, contentType: type.contentType };
}

/** The bytes of a stored image with its type; 404 for a key of another shape or one not stored. */
export async function readPostImage(app: FastifyInstance, key: string) {
  if (!keyShape.test(key)) throw notFound('图片不存在');
  const stat = await app.blobs.stat(blobKey(key));
  if (!stat) throw notFound('图片不存在');
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const contentType = imageTypes.find((type) => type.extension === extension)!.contentType;
  return { contentType, size: stat.size, stream: app.blobs.readRange(blobKey(key), 0, stat.size) };
}
