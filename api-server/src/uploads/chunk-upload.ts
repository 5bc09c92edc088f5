import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../errors.js';
import { currentUser } from '../plugins/app/authentication.js';
import { readChunkForm } from './chunk-form.js';
import { checkFileName, checkRelativePath } from './file-names.js';
import { ensureRoomFor } from './quota.js';
import { instantSource } from './store-file.js';
import { chunkCount, checkChunking, findUpload, openUpload, receiveChunk, receivedChunks, type UploadKind } from './upload-sessions.js';

/** What the client tells about a file before sending its chunks (the chunk check body). */
export interface ChunkCheck {
  identifier: string;
  fileName: string;
  chunkSize: number;
  totalSize: number;
  path?: string;
}

/**
 * The CPU chunk form (spec §3: file, filename, chunkNumber, identifier plus chunkSize, totalSize,
 * totalChunks and path), shared by file storage and video uploads, which differ only in `kind`.
 */
export async function receiveChunkForm(app: FastifyInstance, request: FastifyRequest, kind: UploadKind): Promise<{ chunkNumber: number }> {
  const { id: userId } = currentUser(request);
  let chunkNumber = 0;
  await readChunkForm(request, async (fields, file) => {
    const fileName = checkFileName(fields.text('filename', '文件名', { maxLength: 1024 }));
    checkRelativePath(fields.text('path', '上传路径', { optional: true }));
    const md5 = fields.md5('identifier', '文件标识');
    const chunkSize = fields.integer('chunkSize', '分片大小', 1, 2_147_483_647);
    const fileSize = fields.integer('totalSize', '文件大小', 0, Number.MAX_SAFE_INTEGER);
    const totalChunks = fields.integer('totalChunks', '分片总数', 1, 1_000_000);
    chunkNumber = fields.integer('chunkNumber', '分片序号', 1, totalChunks);
    if (totalChunks !== chunkCount(fileSize, chunkSize)) throw invalid('分片总数与文件大小不符');
    const upload = await openUpload(app, userId, { kind, md5, chunkSize, fileSize, fileName });
    await receiveChunk(app, upload, chunkNumber, file);
  });
  return { chunkNumber };
}

/** Which chunks the server holds, or `skipUpload` when the user already stores this content (秒传). */
export async function checkChunks(app: FastifyInstance, request: FastifyRequest, kind: UploadKind, body: ChunkCheck) {
  const { id: userId } = currentUser(request);
  checkFileName(body.fileName);
  checkRelativePath(body.path ?? '');
  checkChunking(app, body.chunkSize, body.totalSize);
  const md5 = body.identifier.toLowerCase();
  if (kind !== 'video' && (await instantSource(app, userId, md5, body.totalSize))) return { skipUpload: true, uploaded: [] as number[] };
  const upload = await findUpload(app, userId, { kind, md5, chunkSize: body.chunkSize, fileSize: body.totalSize });
  if (!upload) await ensureRoomFor(app, userId, body.totalSize);
  return { skipUpload: false, uploaded: upload ? await receivedChunks(app, upload) : [] };
}
