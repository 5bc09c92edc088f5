import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { CourseIdBody, LearnOutline, PeriodContent, PeriodIdBody, VideoRef } from '@rc/api-contract/course/period-play';
import { ok } from '../../envelope.js';
import { viewerOf } from '../../community/index.js';
import { learnOutline, periodContent, videoRefOf } from '../../learning/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['课程学习'];

/** The learning page: the course outline, a period's content, and the signed reference of its video. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/course/video/ref',
    {
      schema: {
        tags,
        summary: '课时视频的播放地址（签名短时有效，支持 Range；转码完成后含 HLS）、时长、续播位置',
        body: PeriodIdBody,
        response: { 200: Envelope(VideoRef) },
      },
    },
    async (request) => ok(await videoRefOf(app, currentUser(request), request.body.periodId)),
  );

  app.post(
    '/api/course/period/content',
    {
      schema: {
        tags,
        summary: '课时内容：文档、实验（镜像与租用链接）或视频；已报名学员打开文档与实验即学完',
        body: PeriodIdBody,
        response: { 200: Envelope(PeriodContent) },
      },
    },
    async (request) => ok(await periodContent(app, await viewerOf(app, request), request.body.periodId)),
  );

  app.post(
    '/api/course/learn/outline',
    {
      schema: {
        tags,
        summary: '学习页的章节与课时（标明当前访问者能否打开）',
        body: CourseIdBody,
        response: { 200: Envelope(LearnOutline) },
      },
    },
    async (request) => ok(await learnOutline(app, await viewerOf(app, request), request.body.courseId)),
  );
};

export default routes;
