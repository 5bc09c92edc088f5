import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { CourseProgress, PeriodProgress, PeriodProgressBody, ProgressReportBody } from '@rc/api-contract/data/course-progress';
import { ok } from '../../envelope.js';
import { courseProgressList, periodProgressList, reportProgress } from '../../learning/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['学习进度'];

/** My learning progress: per course, per period of a course, and the player's reports of what was watched. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/course/user/progress/list',
    { schema: { tags, summary: '我的课程学习进度（已学完课时 / 全部课时）', response: { 200: Envelope(Type.Array(CourseProgress)) } } },
    async (request) => ok(await courseProgressList(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/course/user/period/progress/list',
    {
      schema: {
        tags,
        summary: '我在一门课程各课时的进度',
        body: PeriodProgressBody,
        response: { 200: Envelope(Type.Array(PeriodProgress)) },
      },
    },
    async (request) => ok(await periodProgressList(app.db, currentUser(request), request.body.courseId)),
  );

  app.post(
    '/auth/course/user/period/progress/report',
    {
      schema: {
        tags,
        summary: '上报实际播放过的区间与当前位置（服务器取并集，拖动不计入）',
        body: ProgressReportBody,
        response: { 200: Envelope(PeriodProgress) },
      },
    },
    async (request) => ok(await reportProgress(app.db, currentUser(request), request.body, app.clock.now()), '进度已保存'),
  );
};

export default routes;
