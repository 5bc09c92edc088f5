import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { ByteCursor } from './byte-cursor.js';
import { chunkCount, pieceBytes, piecesOfChunk } from './chunk-layout.js';
import { ensureRoomFor } from './quota.js';
import { assemblyKey, chunkKey, uploadPrefix } from './user-areas.js';

export type UploadKind = 'cpu' | 'gpu' | 'video';
export type UploadRow = typeof uploads.$inferSelect;

/** What identifies one upload's chunks: the same content cut the same way. */
export interface UploadIdentity {
  kind: UploadKind;
  /** The MD5 the client declared; '' at the merge of an upload by id that the browser did not hash (the server's MD5 is then the file's). */
  md5: string;
  chunkSize: number;
  fileSize: number;
  fileName: string;
  /** Set for an upload opened before its MD5 was known: its chunks are found by this id, not by the MD5. */
  uploadId?: string;
}

export function checkChunking(app: FastifyInstance, chunkSize: number, fileSize: number): void {
  const { minChunkSize, maxChunkSize, maxChunks } = app.uploads.settings;
  if (chunkSize < minChunkSize || chunkSize > maxChunkSize) throw invalid(`分片大小应在${minChunkSize}到${maxChunkSize}字节之间`);
  if (chunkCount({ fileSize, chunkSize }) > maxChunks) throw invalid(`分片数量不能超过${maxChunks}`);
}

export async function findUpload(
  app: FastifyInstance,
  userId: number,
  identity: Omit<UploadIdentity, 'fileName'>,
): Promise<UploadRow | undefined> {
  const [row] = await app.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.kind, identity.kind),
        eq(uploads.md5, identity.md5),
        eq(uploads.chunkSize, identity.chunkSize),
        eq(uploads.fileSize, identity.fileSize),
      ),
    );
  return row;
}

/** The upload for this content, created (reserving its size from the quota) when there is none. */
export async function openUpload(app: FastifyInstance, userId: number, identity: UploadIdentity): Promise<UploadRow> {
  checkChunking(app, identity.chunkSize, identity.fileSize);
  const existing = await findUpload(app, userId, identity);
  if (existing) return touch(app, existing);
  await ensureRoomFor(app, userId, identity.fileSize);
  const now = app.clock.now();
  await app.db
    .insert(uploads)
    .values({ id: randomUUID(), userId, ...identity, createdAt: now, lastActivityAt: now })
    .onConflictDoNothing();
  const created = await findUpload(app, userId, identity);
  if (!created) throw new Error('upload row vanished right after it was written');
  return created;
}

/**
 * The `md5` column of an upload opened before its content's MD5 is known (large files, whose chunks
 * travel while the browser hashes): unique per upload, and never equal to an MD5 (not hexadecimal).
 */
const notHashedYet = (uploadId: string) => `~${uploadId.replaceAll('-', '').slice(0, 31)}`;

/** An upload whose content is declared only at merge: a server-issued id, with its size reserved from the quota now. */
export async function openUploadById(
  app: FastifyInstance,
  userId: number,
  identity: Omit<UploadIdentity, 'md5' | 'uploadId'>,
): Promise<UploadRow> {
  checkChunking(app, identity.chunkSize, identity.fileSize);
  await ensureRoomFor(app, userId, identity.fileSize);
  const id = randomUUID();
  const now = app.clock.now();
  const [created] = await app.db
    .insert(uploads)
    .values({ id, userId, ...identity, md5: notHashedYet(id), createdAt: now, lastActivityAt: now })
    .returning();
  return created!;
}

/** This user's upload of this kind with this id, or undefined (another user's id is unknown here). */
export async function findUploadById(
  app: FastifyInstance,
  userId: number,
  kind: UploadKind,
  uploadId: string,
): Promise<UploadRow | undefined> {
  const [row] = await app.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId), eq(uploads.kind, kind)));
  return row;
}

/** Like `findUploadById`, refusing an id that is gone; chunks sent under it must match how it was opened. */
export async function ownUploadById(
  app: FastifyInstance,
  userId: number,
  kind: UploadKind,
  uploadId: string,
  cutting: { chunkSize: number; fileSize: number },
): Promise<UploadRow> {
  const upload = await findUploadById(app, userId, kind, uploadId);
  if (!upload) throw notFound('上传任务不存在或已过期，请重新上传');
  if (upload.chunkSize !== cutting.chunkSize || upload.fileSize !== cutting.fileSize) throw invalid('分片大小或文件大小与上传任务不符');
  return touch(app, upload);
}

/** How stale `lastActivityAt` may get: far below the 24 h after which an upload counts as abandoned. */
const activityResolutionMs = 60_000;

/** Records activity on the upload, at most once a minute: a write per chunk would cost more than the chunk. */
async function touch(app: FastifyInstance, upload: UploadRow): Promise<UploadRow> {
  const lastActivityAt = app.clock.now();
  if (lastActivityAt.getTime() - upload.lastActivityAt.getTime() < activityResolutionMs) return upload;
  await app.db.update(uploads).set({ lastActivityAt }).where(eq(uploads.id, upload.id));
  return { ...upload, lastActivityAt };
}

/** Chunk numbers (from 1) the server holds whole. */
export async function receivedChunks(app: FastifyInstance, upload: UploadRow): Promise<number[]> {
  const names = await app.blobs.list(uploadPrefix(upload.id));
  return names
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1)
    .sort((a, b) => a - b);
}

const cutShortCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'ABORT_ERR', 'FST_REQ_FILE_TOO_LARGE']);
const isCutShort = (error: unknown) => cutShortCodes.has((error as { code?: string }).code ?? '');

/** Pieces being written now, so two requests for one piece never write it at once. */
const piecesBeingWritten = new Set<string>();

const piecesFrom = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** The pieces from `first` to `last` the server does not hold whole yet. */
export async function missingPieces(
  app: FastifyInstance,
  upload: UploadRow,
  { first, last }: { first: number; last: number },
): Promise<number[]> {
  const pieces = piecesFrom(first, last);
  const held = await Promise.all(pieces.map((piece) => app.blobs.stat(chunkKey(upload.id, piece))));
  return pieces.filter((_, i) => !held[i]);
}

/**
 * Streams chunk `chunkNumber` of a file cut into `totalChunks` (by default the server's own cut) to its place in the
 * upload's assembly, one piece at a time (a folded last chunk is two, see `chunk-layout.ts`). Its pieces count as
 * held (their markers are written) only once the whole chunk arrived with exactly the expected size. A piece already
 * held is not written again, so the bytes behind the running MD5 never change.
 */
export async function receiveChunk(
  app: FastifyInstance,
  upload: UploadRow,
  chunkNumber: number,
  source: Readable,
  totalChunks = chunkCount(upload),
): Promise<void> {
  const { first, last } = piecesOfChunk(upload, chunkNumber, totalChunks);
  const missing = await missingPieces(app, upload, { first, last });
  if (missing.length === 0) {
    for await (const _ of source);
    await touch(app, upload);
    return;
  }
  const locks = missing.map((piece) => `${upload.id}/${piece}`);
  if (locks.some((lock) => piecesBeingWritten.has(lock))) throw conflict(`分片${chunkNumber}正在上传`);
  for (const lock of locks) piecesBeingWritten.add(lock);
  try {
    const wrongSize = () => invalid(`分片${chunkNumber}大小不正确`);
    const cursor = new ByteCursor(source);
    const chunkStart = pieceBytes(upload, first).start;
    let written = 0;
    try {
      for (let piece = first; piece <= last; piece++) {
        const { start, end } = pieceBytes(upload, piece);
        const bytes = cursor.take(end - start);
        if (missing.includes(piece)) {
          await app.blobs.writeAt(assemblyKey(upload.id), start, Readable.from(bytes), { maxBytes: end - start });
          written += end - start;
        } else for await (const _ of bytes);
        if (cursor.position !== end - chunkStart) throw wrongSize();
      }
      if (!(await cursor.ended())) throw wrongSize();
    } catch (error) {
      source.destroy();
      if (isCutShort(error)) throw invalid(`分片${chunkNumber}上传中断`);
      throw error;
    }
    for (const piece of missing) await app.blobs.put(chunkKey(upload.id, piece), Readable.from([]));
    app.metrics.uploadBytes.inc(written);
  } finally {
    for (const lock of locks) piecesBeingWritten.delete(lock);
  }
  await touch(app, upload);
  void app.uploads.md5.advance(upload);
}

export async function discardUpload(app: FastifyInstance, upload: UploadRow): Promise<void> {
  app.uploads.md5.forget(upload.id);
  await app.db.delete(uploads).where(eq(uploads.id, upload.id));
  await app.blobs.remove(uploadPrefix(upload.id));
}
