import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  CourseIdBody,
  CourseSaveBody,
  CourseSaved,
  CourseUpdateBody,
  StandBody,
  TeachingCourseItem,
  TeachingCourseView,
  TeachingListBody,
  UploadedCover,
} from '@rc/api-contract/course/authoring';
import { ok } from '../../envelope.js';
import { pageWindow, readFileForm } from '../../lib/index.js';
import { currentUser, multipart } from '../../plugins/index.js';
import { imageFormMessages, sendImage, storeImage } from '../../content/index.js';
import {
  courseCovers,
  deleteCourse,
  myTeachingCourses,
  requireTeacher,
  saveCourse,
  standCourse,
  submitCourse,
  updateCourse,
  viewTeachingCourse,
} from '../../learning/index.js';

const tags = ['课程讲师'];
const ImageBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: '图片字节' });

/** Course audit calls: a teacher's own courses, from draft to review to the shelf. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart);
  app.post(
    '/auth/course/audit/list',
    {
      schema: {
        tags,
        summary: '我的课程（讲师；可按状态筛选，含章节数、课时数、学员数与驳回原因）',
        body: TeachingListBody,
        response: { 200: Envelope(Page(TeachingCourseItem)) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const page = await myTeachingCourses(app.db, currentUser(request), request.body, { limit: pageSize, offset });
      return ok({ ...page, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/course/audit/save',
    { schema: { tags, summary: '新建课程（草稿）', body: CourseSaveBody, response: { 200: Envelope(CourseSaved) } } },
    async (request) => ok(await saveCourse(app, currentUser(request), request.body), '课程已保存为草稿'),
  );

  app.post(
    '/auth/course/audit/view',
    { schema: { tags, summary: '我的一门课程（编辑用）', body: CourseIdBody, response: { 200: Envelope(TeachingCourseView) } } },
    async (request) => ok(await viewTeachingCourse(app.db, currentUser(request), request.body.id)),
  );

  app.post(
    '/auth/course/audit/update',
    {
      schema: {
        tags,
        summary: '修改课程（审核中不可改；已上架的课程就地修改，已报名学员不受影响）',
        body: CourseUpdateBody,
        response: { 200: Envelope(CourseSaved) },
      },
    },
    async (request) => ok(await updateCourse(app, currentUser(request), request.body), '修改成功'),
  );

  app.post(
    '/auth/course/audit/stand',
    {
      schema: { tags, summary: '上架 / 下架（已上架 ↔ 已下架，无需重新审核）', body: StandBody, response: { 200: Envelope(CourseSaved) } },
    },
    async (request) => {
      const saved = await standCourse(app, currentUser(request), request.body.id, request.body.onShelf);
      return ok(saved, request.body.onShelf ? '课程已上架' : '课程已下架');
    },
  );

  app.post(
    '/auth/course/audit/delete',
    { schema: { tags, summary: '删除课程（仅无人报名的课程）', body: CourseIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteCourse(app, currentUser(request), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/auth/course/audit/submit',
    {
      schema: {
        tags,
        summary: '提交审核（草稿或已驳回；至少一个章节和课时，视频课时须有视频）',
        body: CourseIdBody,
        response: { 200: Envelope(CourseSaved) },
      },
    },
    async (request) => ok(await submitCourse(app, currentUser(request), request.body.id), '已提交审核'),
  );

  app.post(
    '/auth/course/cover/upload',
    {
      schema: {
        tags,
        summary: '上传课程封面（multipart：file；PNG/JPEG/WebP，不超过2MB）',
        response: { 200: Envelope(UploadedCover) },
      },
    },
    async (request) => {
      requireTeacher(currentUser(request));
      let stored: Awaited<ReturnType<typeof storeImage>> | undefined;
      await readFileForm(
        request,
        imageFormMessages(courseCovers),
        async (_fields, file) => {
          stored = await storeImage(app, courseCovers, file);
        },
        { fileSize: courseCovers.maxBytes + 1 },
      );
      return ok({ key: stored!.key, url: stored!.url }, '封面已上传');
    },
  );

  app.get(
    '/api/course/cover/:key',
    {
      schema: {
        tags,
        summary: '课程封面（公开，长期缓存）',
        params: Type.Object({ key: Type.String({ maxLength: 80 }) }),
        response: { 200: Type.Union([ImageBytes, Envelope(Type.Null())]) },
      },
    },
    async (request, reply) => sendImage(app, courseCovers, request.params.key, reply),
  );
};

export default routes;
