import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { MyVideo, VideoIdBody, VideoUpdateBody } from '@rc/api-contract/vod/video';
import { ok } from '../../envelope.js';
import { deleteVideo, myVideos, renameVideo } from '../../learning/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['视频'];

/** My uploaded videos (`/account/vod`): list, rename, delete. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/videoInfo/list',
    { schema: { tags, summary: '我的视频（含转码状态与使用它的课时）', response: { 200: Envelope(Type.Array(MyVideo)) } } },
    async (request) => ok(await myVideos(app, currentUser(request).id)),
  );

  app.post(
    '/auth/videoInfo/update',
    { schema: { tags, summary: '修改视频标题', body: VideoUpdateBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await renameVideo(app, currentUser(request).id, request.body.videoId, request.body.title);
      return ok(null, '已保存');
    },
  );

  app.post(
    '/auth/videoInfo/delete',
    { schema: { tags, summary: '删除视频（有课时使用时拒绝）', body: VideoIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteVideo(app, currentUser(request).id, request.body.videoId);
      return ok(null, '已删除');
    },
  );
};

export default routes;
