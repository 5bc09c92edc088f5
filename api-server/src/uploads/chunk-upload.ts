import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChunkCheckBody, ChunkOpenBody, ChunkTestQuery } from '@rc/api-contract/orion/upload';
import { invalid } from '../errors.js';
import { currentUser } from '../accounts/index.js';
import { readChunkForm, checkFileName, checkRelativePath } from '../lib/index.js';
import { checkTotalChunks, piecesOfChunk } from './chunk-layout.js';
import { ensureRoomFor } from './quota.js';
import { giveUpIfHeld, instantSource, storesSameStart } from './store-file.js';
import {
  checkChunking,
  findUpload,
  missingPieces,
  openUpload,
  openUploadById,
  ownUploadById,
  receiveChunk,
  receivedChunks,
  type UploadKind,
  type UploadRow,
} from './upload-sessions.js';

const uploadIdPattern = /^[0-9a-f-]{36}$/;

/**
 * The CPU chunk form (spec §3: file, filename, chunkNumber, identifier plus chunkSize, totalSize,
 * totalChunks and path), shared by file storage and video uploads, which differ only in `kind`.
 * A chunk of an upload opened before its MD5 was known names it by `uploadId` instead of `identifier`.
 * `totalChunks` tells how the file was cut: its remainder a short last chunk, or folded into the last (`chunk-layout.ts`).
 */
export async function receiveChunkForm(app: FastifyInstance, request: FastifyRequest, kind: UploadKind): Promise<{ chunkNumber: number }> {
  const { id: userId } = currentUser(request);
  let chunkNumber = 0;
  await readChunkForm(request, async (fields, file) => {
    const fileName = checkFileName(fields.text('filename', '文件名', { maxLength: 1024 }));
    checkRelativePath(fields.text('path', '上传路径', { optional: true }));
    const uploadId = fields.text('uploadId', '上传ID', { optional: true, maxLength: 36 });
    if (uploadId && !uploadIdPattern.test(uploadId)) throw invalid('上传ID格式不正确');
    const md5 = uploadId ? '' : fields.md5('identifier', '文件标识');
    const chunkSize = fields.integer('chunkSize', '分片大小', 1, 2_147_483_647);
    const fileSize = fields.integer('totalSize', '文件大小', 0, Number.MAX_SAFE_INTEGER);
    const totalChunks = fields.integer('totalChunks', '分片总数', 1, 1_000_000);
    chunkNumber = fields.integer('chunkNumber', '分片序号', 1, totalChunks);
    checkTotalChunks({ fileSize, chunkSize }, totalChunks);
    const upload = uploadId
      ? await ownUploadById(app, userId, kind, uploadId, { chunkSize, fileSize })
      : await openUpload(app, userId, { kind, md5, chunkSize, fileSize, fileName });
    await receiveChunk(app, upload, chunkNumber, file, totalChunks);
  });
  return { chunkNumber };
}

/**
 * Whether the upload's file may be one the user already stores (they store one of exactly its size, starting with the
 * same 256 KiB when the client says which): only then is hashing a large file in the browser worth its time, to find
 * out (秒传), and only then may its merge bring an MD5 to compare. Otherwise the server leaves its bytes unhashed until
 * its file is placed. Videos are never given instantly.
 */
async function maybeHeld(app: FastifyInstance, userId: number, kind: UploadKind, upload: UploadRow, sliceMd5?: string): Promise<boolean> {
  const held = kind !== 'video' && (await storesSameStart(app, userId, upload.fileSize, sliceMd5));
  if (held) app.uploads.md5.hashAsReceived(upload.id);
  else app.uploads.md5.defer(upload.id);
  return held;
}

/**
 * Opens an upload before its MD5 is known (a large file sent while it is hashed, or never hashed by the browser when it
 * cannot be held already); its size is reserved now.
 */
export async function openChunkUpload(app: FastifyInstance, request: FastifyRequest, kind: UploadKind, body: ChunkOpenBody) {
  const { id: userId } = currentUser(request);
  const fileName = checkFileName(body.fileName);
  checkRelativePath(body.path ?? '');
  const upload = await openUploadById(app, userId, { kind, chunkSize: body.chunkSize, fileSize: body.totalSize, fileName });
  return { uploadId: upload.id, maybeHeld: await maybeHeld(app, userId, kind, upload, body.sliceMd5) };
}

/**
 * Which chunks the server holds, or `skipUpload` when the user already stores this content (秒传).
 * With `uploadId`: that upload's chunks; once `identifier` is known too, content already stored gives
 * the upload up (its reservation freed) and answers `skipUpload`.
 */
export async function checkChunks(app: FastifyInstance, request: FastifyRequest, kind: UploadKind, body: ChunkCheckBody) {
  const { id: userId } = currentUser(request);
  checkFileName(body.fileName);
  checkRelativePath(body.path ?? '');
  checkChunking(app, body.chunkSize, body.totalSize);
  if (body.uploadId) {
    const upload = await ownUploadById(app, userId, kind, body.uploadId, { chunkSize: body.chunkSize, fileSize: body.totalSize });
    if (body.identifier && kind !== 'video' && (await giveUpIfHeld(app, userId, upload, body.identifier.toLowerCase())))
      return { skipUpload: true, uploaded: [] as number[] };
    const uploaded = await receivedChunks(app, upload);
    if (!body.identifier) return { skipUpload: false, uploaded, maybeHeld: await maybeHeld(app, userId, kind, upload, body.sliceMd5) };
    // Its merge will bring this MD5 to compare.
    app.uploads.md5.hashAsReceived(upload.id);
    return { skipUpload: false, uploaded };
  }
  if (!body.identifier) throw invalid('文件标识不能为空');
  const md5 = body.identifier.toLowerCase();
  if (kind !== 'video' && (await instantSource(app, userId, md5, body.totalSize))) return { skipUpload: true, uploaded: [] as number[] };
  const upload = await findUpload(app, userId, { kind, md5, chunkSize: body.chunkSize, fileSize: body.totalSize });
  if (!upload) await ensureRoomFor(app, userId, body.totalSize);
  return { skipUpload: false, uploaded: upload ? await receivedChunks(app, upload) : [] };
}

/**
 * The standard chunk client's test request: does this user's upload of this content already hold this chunk (both
 * pieces of a folded last chunk)? simple-uploader.js reads any 200 to its test as "already there" and skips the chunk,
 * so only a held chunk may be answered with 200; the route answers 204 otherwise and the client uploads it.
 */
export async function holdsChunk(app: FastifyInstance, request: FastifyRequest, kind: UploadKind, query: ChunkTestQuery): Promise<boolean> {
  const { id: userId } = currentUser(request);
  const identity = { kind, md5: query.identifier.toLowerCase(), chunkSize: query.chunkSize, fileSize: query.totalSize };
  const pieces = piecesOfChunk(identity, query.chunkNumber, query.totalChunks);
  const upload = await findUpload(app, userId, identity);
  return upload !== undefined && (await missingPieces(app, upload, pieces)).length === 0;
}
