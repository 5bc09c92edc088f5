import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  ChapterIdBody,
  ChapterSaveBody,
  ChapterSortBody,
  ChapterUpdateBody,
  LabImage,
  OutlineChapter,
  PeriodIdBody,
  PeriodListBody,
  PeriodSaveBody,
  PeriodSortBody,
  PeriodUpdateBody,
  PeriodVideoBody,
  Saved,
} from '@rc/api-contract/course/authoring';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  attachVideo,
  deleteChapter,
  deletePeriod,
  labImages,
  renameChapter,
  saveChapter,
  savePeriod,
  sortChapters,
  sortPeriods,
  teachingOutline,
  updatePeriod,
} from '../../learning/index.js';

const tags = ['课程讲师'];

/** Chapter and period audit calls: the outline of a teacher's own course (not while it is under review). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/course/chapter/audit/save',
    { schema: { tags, summary: '新增章节（排在最后）', body: ChapterSaveBody, response: { 200: Envelope(Saved) } } },
    async (request) => ok(await saveChapter(app, currentUser(request), request.body.courseId, request.body.title), '章节已添加'),
  );

  app.post(
    '/auth/course/chapter/audit/update',
    { schema: { tags, summary: '重命名章节', body: ChapterUpdateBody, response: { 200: Envelope(Saved) } } },
    async (request) => ok(await renameChapter(app, currentUser(request), request.body.id, request.body.title), '修改成功'),
  );

  app.post(
    '/auth/course/chapter/audit/delete',
    { schema: { tags, summary: '删除章节（连同其课时）', body: ChapterIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteChapter(app, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/course/chapter/audit/sort',
    { schema: { tags, summary: '章节排序（全部章节的新顺序）', body: ChapterSortBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await sortChapters(app, currentUser(request), request.body.courseId, request.body.chapterIds);
      return ok(null, '排序已保存');
    },
  );

  app.post(
    '/auth/course/period/audit/list',
    {
      schema: {
        tags,
        summary: '课程的章节与课时（讲师编辑用）',
        body: PeriodListBody,
        response: { 200: Envelope(Type.Array(OutlineChapter)) },
      },
    },
    async (request) => ok(await teachingOutline(app.db, currentUser(request), request.body.courseId)),
  );

  app.post(
    '/auth/course/period/audit/save',
    { schema: { tags, summary: '新增课时（视频 / 图文 / 实验）', body: PeriodSaveBody, response: { 200: Envelope(Saved) } } },
    async (request) => ok(await savePeriod(app, currentUser(request), request.body), '课时已添加'),
  );

  app.post(
    '/auth/course/period/audit/update',
    { schema: { tags, summary: '修改课时（类型不变）', body: PeriodUpdateBody, response: { 200: Envelope(Saved) } } },
    async (request) => ok(await updatePeriod(app, currentUser(request), request.body), '修改成功'),
  );

  app.post(
    '/auth/course/period/audit/delete',
    { schema: { tags, summary: '删除课时', body: PeriodIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deletePeriod(app, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/course/period/audit/sort',
    {
      schema: {
        tags,
        summary: '课时排序（章节课时的新顺序；列入其他章节的课时即移入本章节）',
        body: PeriodSortBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await sortPeriods(app, currentUser(request), request.body.chapterId, request.body.periodIds);
      return ok(null, '排序已保存');
    },
  );

  app.post(
    '/auth/course/period/audit/video/save',
    { schema: { tags, summary: '为视频课时关联我上传的视频', body: PeriodVideoBody, response: { 200: Envelope(Saved) } } },
    async (request) => ok(await attachVideo(app, currentUser(request), request.body.periodId, request.body.videoId), '视频已关联'),
  );

  app.post(
    '/auth/course/period/audit/image/list',
    { schema: { tags, summary: '实验课时可用的镜像（系统镜像与我的镜像）', response: { 200: Envelope(Type.Array(LabImage)) } } },
    async (request) => ok(await labImages(app.db, currentUser(request))),
  );
};

export default routes;
