import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { videos } from '../../db/schema.js';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { checkFileName } from '../../uploads/file-names.js';
import { storeUploadedFile } from '../../uploads/store-file.js';
import { videosArea } from '../../uploads/user-areas.js';
import { checkChunks, holdsChunk, receiveChunkForm } from '../../uploads/chunk-upload.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ChunkCheckBody, ChunkCheckResult, ChunkResult, ChunkTestQuery } from '@rc/api-contract/orion/upload';
import { VideoMergeBody, VideoMergeResult } from '@rc/api-contract/vod/video';

const tags = ['视频'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/videoInfo/upload',
    {
      schema: { tags, summary: '上传视频的一个分片（与文件分片同一表单，分片大小 2048000）', response: { 200: Envelope(ChunkResult) } },
      onRequest: app.uploads.dropSomeChunks,
    },
    async (request) => ok(await receiveChunkForm(app, request, 'video')),
  );

  app.get(
    '/auth/videoInfo/upload',
    {
      schema: {
        tags,
        summary: '视频分片是否已上传（simple-uploader.js 的 testChunks）：已有则 200，没有则 204，客户端随后上传该分片',
        querystring: ChunkTestQuery,
        response: { 200: Envelope(ChunkResult), 204: Type.Null({ description: '服务端没有该分片' }) },
      },
    },
    async (request, reply) =>
      (await holdsChunk(app, request, 'video', request.query))
        ? ok({ chunkNumber: request.query.chunkNumber })
        : reply.code(204).send(null),
  );

  app.post(
    '/auth/videoInfo/upload/check',
    { schema: { tags, summary: '已收到的视频分片', body: ChunkCheckBody, response: { 200: Envelope(ChunkCheckResult) } } },
    async (request) => ok(await checkChunks(app, request, 'video', request.body)),
  );

  app.post(
    '/auth/videoInfo/merge',
    {
      schema: {
        tags,
        summary: '合并视频分片，返回 { state, videoId }；有 ffmpeg 时随后在后台转码为 HLS',
        body: VideoMergeBody,
        response: { 200: Envelope(VideoMergeResult) },
      },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { fileName, identifier, chunkSize, totalSize, durationSeconds } = request.body;
      checkFileName(fileName);
      const md5 = identifier.toLowerCase();
      const [video] = await app.db
        .insert(videos)
        .values({ userId, fileName, title: fileName.slice(0, 80), size: totalSize, md5, durationSeconds, createdAt: app.clock.now() })
        .returning();
      const identity = { kind: 'video' as const, md5, chunkSize, fileSize: totalSize, fileName };
      try {
        await storeUploadedFile(app, userId, identity, { area: videosArea, path: `${video!.id}/${fileName}` });
      } catch (error) {
        await app.db.delete(videos).where(eq(videos.id, video!.id));
        throw error;
      }
      return ok({ state: await app.videos.queue.submit(video!.id), videoId: video!.id }, '上传成功');
    },
  );
};

export default routes;
