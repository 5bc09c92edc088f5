import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { StreamParams } from '@rc/api-contract/vod/video';
import { byteRange } from '../../blobs/index.js';
import { hlsFolderKey, originalKey, originalStreamName, streamContentType, streamedVideo, streamPathPrefix } from '../../learning/index.js';

const tags = ['视频'];
const VideoBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: '视频、HLS 播放列表或分片的字节（支持 Range）' });
const Refusal = Envelope(Type.Null());

/** Refused with a real HTTP status: the caller is a `<video>` element or hls.js, not the envelope client. */
const refuse = (reply: FastifyReply, status: number, msg: string) => reply.code(status).send({ code: status, data: null, msg });

/**
 * Signed video streams (`video/ref` hands out the URLs): the original upload or its HLS rendition,
 * answering HTTP range requests. The token in the path is the only credential.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${streamPathPrefix.slice('/apis/vod'.length)}/:token/:name`,
    {
      schema: {
        tags,
        summary: '按签名地址播放视频（原文件或 HLS 播放列表与分片，支持 Range）',
        params: StreamParams,
        response: { 200: Type.Union([VideoBytes, Refusal]), 206: VideoBytes, 403: Refusal, 404: Refusal, 416: Refusal },
      },
    },
    async (request, reply) => {
      const checked = app.videos.streams.check(request.params.token, app.clock.now());
      if ('problem' in checked) return refuse(reply, 403, checked.problem === 'expired' ? '播放地址已过期，请刷新页面' : '播放地址无效');
      const video = await streamedVideo(app.db, checked.grant.videoId);
      if (!video) return refuse(reply, 404, '视频不存在或已删除');
      const { name } = request.params;
      const key = name === originalStreamName(video.fileName) ? originalKey(video) : `${hlsFolderKey(video)}/${name}`;
      const stat = await app.blobs.stat(key);
      if (!stat) return refuse(reply, 404, '视频不存在或已删除');
      const range = byteRange(request.headers.range, stat.size);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${stat.size}`).send({ code: 416, data: null, msg: '请求的范围无效' });
      const { start, end } = range ?? { start: 0, end: stat.size };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end - 1}/${stat.size}`);
      return reply
        .header('content-type', streamContentType(name))
        .header('content-length', String(end - start))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .send(app.blobs.readRange(key, start, end));
    },
  );
};

export default routes;
