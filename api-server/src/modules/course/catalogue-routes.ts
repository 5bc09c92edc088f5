import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  ChapterEntry,
  CourseCard,
  CourseCategoryView,
  CourseIdBody,
  CourseListBody,
  CourseSearchBody,
  CourseView,
  RecommendBody,
  ResourceRecommendBody,
} from '@rc/api-contract/course/catalogue';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { viewerOf } from '../../community/index.js';
import {
  chapterList,
  courseCategoryList,
  courseView,
  listCourses,
  recommendedCourses,
  recommendedFor,
  searchCourses,
} from '../../learning/index.js';

const tags = ['课程'];

/** The public course catalogue (spec §7 "Courses", `/course/api/...`). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/course/category/list',
    { schema: { tags, summary: '课程分类', response: { 200: Envelope(Type.Array(CourseCategoryView)) } } },
    async () => ok(await courseCategoryList(app.db)),
  );

  app.post(
    '/api/course/list',
    {
      schema: {
        tags,
        summary: '已上架课程（按分类、免费/付费筛选；1 最新 / 2 最热）',
        body: CourseListBody,
        response: { 200: Envelope(Page(CourseCard)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => listCourses(app.db, request.body, window)),
  );

  app.post(
    '/api/course/search/list',
    {
      schema: {
        tags,
        summary: '搜索已上架课程（标题与介绍分词匹配）',
        body: CourseSearchBody,
        response: { 200: Envelope(Page(CourseCard)) },
      },
    },
    async (request) => pagedAnswer(request.body, (window) => searchCourses(app.db, request.body.keyword, window)),
  );

  app.post(
    '/api/course/view',
    { schema: { tags, summary: '课程详情（公开，不含学习进度）', body: CourseIdBody, response: { 200: Envelope(CourseView) } } },
    async (request) => ok(await courseView(app.db, await viewerOf(app, request), request.body.courseId)),
  );

  app.post(
    '/api/course/chapter/list',
    {
      schema: {
        tags,
        summary: '课程目录：章节与课时（标题、类型、时长、试看、对当前访问者是否锁定；不含课时内容）',
        body: CourseIdBody,
        response: { 200: Envelope(Type.Array(ChapterEntry)) },
      },
    },
    async (request) => ok(await chapterList(app.db, await viewerOf(app, request), request.body.courseId)),
  );

  app.post(
    '/api/course/recommend/list',
    {
      schema: {
        tags,
        summary: '相关课程推荐（同分类优先，再按学习人数）',
        body: RecommendBody,
        response: { 200: Envelope(Type.Array(CourseCard)) },
      },
    },
    async (request) => ok(await recommendedFor(app.db, await viewerOf(app, request), request.body.courseId, request.body.size ?? 6)),
  );

  app.post(
    '/api/resource/recommend/list',
    {
      schema: {
        tags,
        summary: '推荐课程（学习人数最多的已上架课程）',
        body: ResourceRecommendBody,
        response: { 200: Envelope(Type.Array(CourseCard)) },
      },
    },
    async (request) => ok(await recommendedCourses(app.db, request.body.size ?? 6)),
  );
};

export default routes;
