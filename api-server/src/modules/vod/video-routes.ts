import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { storeUploadedVideo } from '../../learning/index.js';
import { ok } from '../../envelope.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { checkChunks, holdsChunk, receiveChunkForm } from '../../uploads/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ChunkCheckBody, ChunkCheckResult, ChunkResult, ChunkTestQuery } from '@rc/api-contract/orion/upload';
import { VideoMergeBody, VideoMergeResult } from '@rc/api-contract/vod/video';

const tags = ['视频'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
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
        summary:
          '合并视频分片，返回 { state, videoId }；只收单文件视频（mp4/mov、mkv/webm、flv、ts、avi），播放列表等答 422 不支持的视频格式；有 ffmpeg 时随后在后台转码为 HLS',
        body: VideoMergeBody,
        response: { 200: Envelope(VideoMergeResult) },
      },
    },
    async (request) => ok(await storeUploadedVideo(app, currentUser(request).id, request.body), '上传成功'),
  );
};

export default routes;
