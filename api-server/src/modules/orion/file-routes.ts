import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../envelope.js';
import { invalid } from '../../errors.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { checkFileName, checkRelativePath, joinPath } from '../../lib/index.js';
import { checkChunks, holdsChunk, openChunkUpload, receiveChunkForm, storeUploadedFile, treePlacement } from '../../uploads/index.js';
import { openClusterTreeOf, openTree, warnTreeUsage } from '../../storage/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { MergeFileResult } from '@rc/api-contract/orion/file';
import {
  ChunkCheckBody,
  ChunkCheckResult,
  ChunkOpenBody,
  ChunkOpenResult,
  ChunkResult,
  ChunkTestQuery,
  MergeBody,
} from '@rc/api-contract/orion/upload';

const tags = ['文件存储'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.post(
    '/auth/file/chunk',
    {
      schema: {
        tags,
        summary: '上传一个分片（multipart：file, filename, chunkNumber, identifier, chunkSize, totalSize, totalChunks, path）',
        response: { 200: Envelope(ChunkResult) },
      },
      onRequest: app.uploads.dropSomeChunks,
    },
    async (request) => ok(await receiveChunkForm(app, request, 'cpu')),
  );

  app.get(
    '/auth/file/chunk',
    {
      schema: {
        tags,
        summary: '分片是否已上传（simple-uploader.js 的 testChunks）：已有则 200，没有则 204，客户端随后上传该分片',
        querystring: ChunkTestQuery,
        response: { 200: Envelope(ChunkResult), 204: Type.Null({ description: '服务端没有该分片' }) },
      },
    },
    async (request, reply) =>
      (await holdsChunk(app, request, 'cpu', request.query)) ? ok({ chunkNumber: request.query.chunkNumber }) : reply.code(204).send(null),
  );

  app.post(
    '/auth/file/chunk/open',
    {
      schema: {
        tags,
        summary: '开始一个大文件的上传（MD5 尚未算出）：返回 uploadId，分片随后以 uploadId 上传，合并时再给出 MD5',
        body: ChunkOpenBody,
        response: { 200: Envelope(ChunkOpenResult) },
      },
    },
    async (request) => ok(await openChunkUpload(app, request, 'cpu', request.body)),
  );

  app.post(
    '/auth/file/chunk/check',
    {
      schema: {
        tags,
        summary: '已收到的分片；skipUpload 为真时可秒传',
        body: ChunkCheckBody,
        response: { 200: Envelope(ChunkCheckResult) },
      },
    },
    async (request) => ok(await checkChunks(app, request, 'cpu', request.body)),
  );

  app.post(
    '/auth/file/mergeFile',
    {
      schema: {
        tags,
        summary:
          '合并分片（校验整个文件的 MD5；未给 identifier 时先应答，md5 为空，文件落位后再计算并记录），文件落入默认集群的文件存储或 tree 指定的位置',
        body: MergeBody,
        response: { 200: Envelope(MergeFileResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { fileName, identifier, chunkSize, totalSize, uploadId } = request.body;
      if (!identifier && !uploadId) throw invalid('文件标识不能为空');
      const path = joinPath(checkRelativePath(request.body.path ?? ''), checkFileName(fileName));
      const identity = { kind: 'cpu' as const, md5: identifier?.toLowerCase() ?? '', chunkSize, fileSize: totalSize, fileName, uploadId };
      const tree = request.body.tree ? await openTree(app, userId, request.body.tree) : await openClusterTreeOf(app, userId);
      const stored = await storeUploadedFile(app, userId, identity, treePlacement(tree, path));
      await warnTreeUsage(app, tree);
      return ok({ path: stored.path, size: stored.size, md5: stored.md5 }, '文件上传成功');
    },
  );
};

export default routes;
