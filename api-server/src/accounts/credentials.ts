import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CredentialSide } from '@rc/api-contract/user/credential';
import { idCardImages } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { checkFileName } from '../lib/index.js';

export type IdCardSide = CredentialSide;
export type IdCardImage = typeof idCardImages.$inferSelect;

export const idCardSides: readonly IdCardSide[] = ['front', 'back'];
export const sideNames: Record<IdCardSide, string> = { front: '人像面', back: '国徽面' };

/** 5 MiB: one chunk of the uploader, so an image always arrives whole in one request. */
export const maxImageBytes = 5 * 1024 * 1024;
export const imageTooLargeMessage = '图片大小不能超过5MB';
export const imageTypeMessage = '仅支持 JPG、PNG 格式的图片';
export const imageMissingMessage = '证件图片不存在或已删除';

const imageTypes = [
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], magic: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', extensions: ['.png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

const stagedKey = (userId: number, side: IdCardSide) => `credentials/${userId}/staged/${side}`;
const imageKey = (image: Pick<IdCardImage, 'userId' | 'side' | 'md5'>) => `credentials/${image.userId}/${image.side}/${image.md5}`;

export function checkSide(side: string): IdCardSide {
  if (!(idCardSides as readonly string[]).includes(side)) throw invalid('证件面应为人像面（front）或国徽面（back）');
  return side as IdCardSide;
}

/** What the client declares before sending: a JPG or PNG name and a size of at most 5 MB. */
export function checkDeclaredImage(fileName: string, size: number): void {
  const name = checkFileName(fileName, '图片名称').toLowerCase();
  if (!imageTypes.some((type) => type.extensions.some((extension) => name.endsWith(extension)))) throw invalid(imageTypeMessage);
  if (size === 0) throw invalid('图片不能为空');
  if (size > maxImageBytes) throw invalid(imageTooLargeMessage);
}

/** The image type from the bytes themselves: a renamed file is refused whatever its name says. */
function contentTypeOf(bytes: Buffer): string {
  const type = imageTypes.find(({ magic }) => bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte));
  if (!type) throw invalid(imageTypeMessage);
  return type.contentType;
}

const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** Reads a stream of at most `maxImageBytes`; a longer one is refused without being held in memory. */
export async function readImageBytes(source: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of source as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxImageBytes) {
      source.destroy();
      throw invalid(imageTooLargeMessage);
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

async function readBlob(app: FastifyInstance, key: string): Promise<Buffer | null> {
  const stat = await app.blobs.stat(key);
  if (!stat || stat.size > maxImageBytes) return null;
  return readImageBytes(app.blobs.readRange(key, 0, stat.size));
}

/**
 * Holds an uploaded image for one side until it is saved. Each side has one staging place, so an
 * upload that is never saved costs at most one image's bytes.
 */
export async function stageImage(
  app: FastifyInstance,
  userId: number,
  side: IdCardSide,
  bytes: Buffer,
  declared: { md5: string; size: number },
) {
  if (bytes.length === 0) throw invalid('图片不能为空');
  if (bytes.length !== declared.size) throw invalid('图片大小与声明不符，请重新上传');
  contentTypeOf(bytes);
  if (md5Of(bytes) !== declared.md5) throw invalid('文件校验失败（MD5不一致），请重新上传');
  await app.blobs.put(stagedKey(userId, side), Readable.from([bytes]), { maxBytes: maxImageBytes });
}

/** Makes the staged image of `side` the user's current one, replacing (and removing) the previous image. */
export async function saveStagedImage(
  app: FastifyInstance,
  userId: number,
  side: IdCardSide,
  declared: { fileName: string; md5: string },
): Promise<IdCardImage> {
  const fileName = checkFileName(declared.fileName, '图片名称');
  const staged = await readBlob(app, stagedKey(userId, side));
  if (!staged || md5Of(staged) !== declared.md5) throw conflict('图片尚未上传完成，请重新上传');
  const values = { userId, side, fileName, contentType: contentTypeOf(staged), size: staged.length, md5: declared.md5 };
  await app.blobs.move(stagedKey(userId, side), imageKey(values));
  const [previous] = await app.db
    .select()
    .from(idCardImages)
    .where(and(eq(idCardImages.userId, userId), eq(idCardImages.side, side)));
  const now = app.clock.now();
  const [saved] = await app.db
    .insert(idCardImages)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [idCardImages.userId, idCardImages.side], set: { ...values, updatedAt: now } })
    .returning();
  if (previous && previous.md5 !== values.md5) await app.blobs.remove(imageKey(previous));
  return saved!;
}

export function listImages(app: FastifyInstance, userId: number): Promise<IdCardImage[]> {
  return app.db.select().from(idCardImages).where(eq(idCardImages.userId, userId)).orderBy(asc(idCardImages.side));
}

/**
 * One image of `readerId`'s own: there is no operator flag on users yet, so only the owner reads
 * them. Another user's image answers as missing, so its existence is not revealed either.
 */
export async function ownImage(app: FastifyInstance, readerId: number, imageId: number): Promise<IdCardImage> {
  const [image] = await app.db
    .select()
    .from(idCardImages)
    .where(and(eq(idCardImages.id, imageId), eq(idCardImages.userId, readerId)));
  if (!image) throw notFound(imageMissingMessage);
  return image;
}

export function readImage(app: FastifyInstance, image: IdCardImage): Readable {
  return app.blobs.readRange(imageKey(image), 0, image.size);
}

export async function deleteImage(app: FastifyInstance, readerId: number, imageId: number): Promise<void> {
  const image = await ownImage(app, readerId, imageId);
  // Row first: a crash before the blob goes leaves unseen bytes, never a listed image without its bytes.
  await app.db.delete(idCardImages).where(eq(idCardImages.id, image.id));
  await app.blobs.remove(imageKey(image));
}
