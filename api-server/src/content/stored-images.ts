import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { invalid, notFound } from '../errors.js';
import type { FileFormMessages } from '../lib/index.js';

type ImageExtension = 'png' | 'jpg' | 'gif' | 'webp';

const imageTypes: Record<ImageExtension, { contentType: string; matches: (bytes: Buffer) => boolean }> = {
  png: { contentType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpg: { contentType: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  gif: { contentType: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  webp: {
    contentType: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
};

/**
 * Where one kind of community image is kept: its blob folder, the public URL it is served at, its size
 * limit, the types it accepts (read from the bytes, never the name) and the messages that refuse it.
 */
export interface ImageShelf {
  folder: string;
  urlPrefix: string;
  maxBytes: number;
  extensions: readonly ImageExtension[];
  messages: { empty: string; wrongType: string; tooLarge: string; notFound: string };
}

/** The key an image is stored and served under: its SHA-256 and extension, so the same image is stored once. */
const keyShape = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

async function readLimited(source: Readable, shelf: ImageShelf): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > shelf.maxBytes) {
      source.resume();
      throw invalid(shelf.messages.tooLarge);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** Stores an uploaded image on the shelf and answers the URL that serves it. */
/** How an image's upload form refuses a body that is not the form, no image, or more than one. */
export const imageFormMessages = (shelf: ImageShelf): FileFormMessages => ({
  malformed: '请以 multipart/form-data 上传图片',
  empty: shelf.messages.empty,
  oneFile: '每次只能上传一张图片',
});

export async function storeImage(app: FastifyInstance, shelf: ImageShelf, source: Readable) {
  const bytes = await readLimited(source, shelf);
  if (bytes.length === 0) throw invalid(shelf.messages.empty);
  const extension = shelf.extensions.find((candidate) => imageTypes[candidate].matches(bytes));
  if (!extension) throw invalid(shelf.messages.wrongType);
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
  const blobKey = `${shelf.folder}/${key}`;
  if (!(await app.blobs.stat(blobKey))) await app.blobs.put(blobKey, Readable.from([bytes]), { maxBytes: shelf.maxBytes });
  return { key, url: `${shelf.urlPrefix}${key}`, size: bytes.length, contentType: imageTypes[extension].contentType };
}

/** Sends a stored image with its type and a year's cache; 404 for a key of another shape or one not stored. */
export async function sendImage(app: FastifyInstance, shelf: ImageShelf, key: string, reply: FastifyReply) {
  const extension = keyShape.exec(key)?.[1] as ImageExtension | undefined;
  const stat = extension && shelf.extensions.includes(extension) ? await app.blobs.stat(`${shelf.folder}/${key}`) : null;
  if (!extension || !stat) throw notFound(shelf.messages.notFound);
  return reply
    .header('content-type', imageTypes[extension].contentType)
    .header('content-length', String(stat.size))
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(app.blobs.readRange(`${shelf.folder}/${key}`, 0, stat.size));
}
