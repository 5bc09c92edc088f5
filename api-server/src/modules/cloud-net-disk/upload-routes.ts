import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, invalid } from '../../errors.js';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { checkGpuFileName, checkRelativePath, joinPath } from '../../uploads/file-names.js';
import { presignedPartUrl, verifyPartSignature } from '../../uploads/presigned-urls.js';
import { giveUpIfHeld, instantSource, storeUploadedFile } from '../../uploads/store-file.js';
import {
  chunkCount,
  openUpload,
  openUploadById,
  ownUploadById,
  receiveChunk,
  receivedChunks,
  uploadById,
} from '../../uploads/upload-sessions.js';
import { cloudArea } from '../../uploads/user-areas.js';
import { Envelope } from '@rc/api-contract/envelope';
import {
  UploadInitBody,
  UploadInitResult,
  UploadMergeBody,
  UploadMergeResult,
  UploadPartParams,
  UploadPartQuery,
  UploadPartResult,
} from '@rc/api-contract/cloud-net-disk/upload';

const tags = ['云盘上传'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Chunk bodies stream straight to the blob store.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  app.post(
    '/auth/upload/init',
    {
      schema: {
        tags,
        summary:
          '开始上传：返回 uploadId 与每个分片的预签名 PUT 地址（大文件可先不带 hashCode；带 uploadId 为续传，或算出 MD5 后询问秒传）',
        body: UploadInitBody,
        response: { 200: Envelope(UploadInitResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { regionCode, fileName, chunkSize, fileSize } = request.body;
      checkGpuFileName(fileName);
      cloudArea(regionCode);
      checkRelativePath(request.body.prefix ?? '', '目录');
      const md5 = request.body.hashCode?.toLowerCase();
      const skipped = { skipUpload: true, uploadId: '', chunkUrls: [] as string[], uploaded: [] as number[], expiresAt: 0 };
      let upload;
      if (request.body.uploadId) {
        upload = await ownUploadById(app, userId, 'gpu', request.body.uploadId, { chunkSize, fileSize });
        if (md5 && (await giveUpIfHeld(app, userId, upload, md5))) return ok(skipped);
      } else if (md5) {
        if (await instantSource(app, userId, md5, fileSize)) return ok(skipped);
        upload = await openUpload(app, userId, { kind: 'gpu', md5, chunkSize, fileSize, fileName });
      } else {
        upload = await openUploadById(app, userId, { kind: 'gpu', chunkSize, fileSize, fileName });
      }
      const expiresAt = app.clock.now().getTime() + app.uploads.settings.presignedUrlTtlMs;
      const chunkUrls = Array.from({ length: chunkCount(fileSize, chunkSize) }, (_, i) =>
        presignedPartUrl(app.uploads.signingSecret, upload.id, i + 1, expiresAt),
      );
      return ok({ skipUpload: false, uploadId: upload.id, chunkUrls, uploaded: await receivedChunks(app, upload), expiresAt });
    },
  );

  app.put(
    '/api/upload/part/:uploadId/:partNumber',
    {
      schema: {
        tags,
        summary: '按预签名地址上传一个分片（请求体为分片字节）',
        params: UploadPartParams,
        querystring: UploadPartQuery,
        response: { 200: Envelope(UploadPartResult) },
      },
      onRequest: app.uploads.dropSomeChunks,
    },
    async (request) => {
      const { uploadId, partNumber } = request.params;
      const { expires, signature } = request.query;
      if (!verifyPartSignature(app.uploads.signingSecret, uploadId, partNumber, expires, signature)) throw forbidden('上传签名无效');
      if (expires < app.clock.now().getTime()) throw forbidden('上传链接已过期，请重新上传');
      if (!request.headers['content-type']?.startsWith('application/octet-stream')) throw invalid('分片应以 application/octet-stream 上传');
      const upload = await uploadById(app, uploadId);
      await receiveChunk(app, upload, partNumber, request.raw);
      return ok({ partNumber });
    },
  );

  app.post(
    '/auth/upload/merge',
    {
      schema: {
        tags,
        summary: '合并分片（校验整个文件的 MD5）并放入云盘',
        body: UploadMergeBody,
        response: { 200: Envelope(UploadMergeResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { fileName, chunkSize, fileSize, regionCode } = request.body;
      checkGpuFileName(fileName);
      const area = cloudArea(regionCode);
      const path = joinPath(checkRelativePath(request.body.prefix ?? '', '目录'), fileName);
      const uploadId = request.body.uploadId || undefined;
      const identity = { kind: 'gpu' as const, md5: request.body.hashCode.toLowerCase(), chunkSize, fileSize, fileName, uploadId };
      const stored = await storeUploadedFile(app, userId, identity, { area, path, contentType: request.body.contentType });
      return ok({ path: stored.path, size: stored.size, md5: stored.md5, regionCode }, '文件上传成功');
    },
  );
};

export default routes;
