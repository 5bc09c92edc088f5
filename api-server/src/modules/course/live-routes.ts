import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ChannelSaveBody,
  ChannelUpdateBody,
  ChannelView,
  LiveCourseOption,
  LiveIdBody,
  LiveListBody,
  LiveSaveBody,
  LiveUpdateBody,
  LiveView,
} from '@rc/api-contract/course/live';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  deleteChannel,
  deleteLive,
  learnerLives,
  liveCourseOptions,
  myChannels,
  saveChannel,
  scheduleLive,
  teacherLives,
  updateChannel,
  updateLive,
} from '../../learning/index.js';

const tags = ['直播'];

/** Live sessions of courses (held on external platforms) and the teacher's channels. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/live/channel/list',
    { schema: { tags, summary: '我的直播频道（讲师）', response: { 200: Envelope(Type.Array(ChannelView)) } } },
    async (request) => ok(await myChannels(app.db, currentUser(request))),
  );

  app.post(
    '/auth/live/channel/save',
    { schema: { tags, summary: '添加直播频道（讲师）', body: ChannelSaveBody, response: { 200: Envelope(ChannelView) } } },
    async (request) => ok(await saveChannel(app.db, currentUser(request), request.body, app.clock.now()), '频道已添加'),
  );

  app.post(
    '/auth/live/channel/update',
    { schema: { tags, summary: '修改直播频道（讲师，仅自己的）', body: ChannelUpdateBody, response: { 200: Envelope(ChannelView) } } },
    async (request) => ok(await updateChannel(app.db, currentUser(request), request.body.id, request.body), '频道已保存'),
  );

  app.post(
    '/auth/live/channel/delete',
    { schema: { tags, summary: '删除直播频道（讲师，仅自己的）', body: LiveIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteChannel(app.db, currentUser(request), request.body.id);
      return ok(null, '频道已删除');
    },
  );

  app.post(
    '/auth/live/list',
    { schema: { tags, summary: '我安排的直播（讲师）', body: LiveListBody, response: { 200: Envelope(Page(LiveView)) } } },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await teacherLives(app.db, currentUser(request), { limit: pageSize, offset }, app.clock.now());
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/live/course/list',
    { schema: { tags, summary: '可安排直播的课程（讲师自己的课程）', response: { 200: Envelope(Type.Array(LiveCourseOption)) } } },
    async (request) => ok(await liveCourseOptions(app.db, currentUser(request))),
  );

  app.post(
    '/auth/live/save',
    {
      schema: {
        tags,
        summary: '安排直播（讲师，仅自己的课程）',
        body: LiveSaveBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok({ id: await scheduleLive(app.db, currentUser(request), request.body, app.clock.now()) }, '直播已安排'),
  );

  app.post(
    '/auth/live/update',
    { schema: { tags, summary: '修改直播（讲师，仅自己的课程）', body: LiveUpdateBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await updateLive(app.db, currentUser(request), request.body.id, request.body, app.clock.now());
      return ok(null, '直播已保存');
    },
  );

  app.post(
    '/auth/live/delete',
    { schema: { tags, summary: '删除直播（讲师，仅自己的课程）', body: LiveIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteLive(app.db, currentUser(request), request.body.id);
      return ok(null, '直播已删除');
    },
  );

  app.post(
    '/auth/live/learner/list',
    { schema: { tags, summary: '我报名课程的直播：未结束的在前，近30天结束的在后', response: { 200: Envelope(Type.Array(LiveView)) } } },
    async (request) => ok(await learnerLives(app.db, currentUser(request).id, app.clock.now())),
  );
};

export default routes;
