import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PageQuery } from '@rc/api-contract/common';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { CourseIdBody, MyCourseView } from '@rc/api-contract/course/catalogue';
import {
  CollectResult,
  CollectedCourse,
  CourseOrderRef,
  CourseQuoteBody,
  MyCourseItem,
  SignBody,
  SignResult,
} from '@rc/api-contract/course/learning';
import { MoneyQuote } from '@rc/api-contract/user/quote';
import { ok } from '../../envelope.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';
import {
  collectCourse,
  collectedCourses,
  myCourseOrders,
  myCourses,
  myCourseView,
  quoteCourse,
  signUpFor,
  uncollectCourse,
} from '../../learning/index.js';

const tags = ['课程学习'];

/** The learner's calls: detail with my state, sign up or buy, my courses, collections and course orders. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/course/view',
    {
      schema: {
        tags,
        summary: '课程详情（登录：是否报名/购买/收藏/关注讲师，学习进度与继续学习的课时）',
        body: CourseIdBody,
        response: { 200: Envelope(MyCourseView) },
      },
    },
    async (request) => ok(await myCourseView(app.db, currentUser(request), request.body.courseId)),
  );

  app.post(
    '/auth/course/quote',
    {
      schema: {
        tags,
        summary: '付费课程的购买报价（自动选择最优的课程代金券，可换用其他或不用）',
        body: CourseQuoteBody,
        response: { 200: Envelope(MoneyQuote) },
      },
    },
    async (request) => {
      const { courseId, voucherId } = request.body;
      return ok(await quoteCourse(app.db, app.quotes, { userId: currentUser(request).id, courseId, voucherId, now: app.clock.now() }));
    },
  );

  app.post(
    '/auth/course/sign',
    {
      schema: {
        tags,
        summary: '报名免费课程 / 用余额购买付费课程（price 为页面展示的价格；带 quoteToken 时按报价使用代金券）',
        body: SignBody,
        response: { 200: Envelope(SignResult) },
      },
    },
    async (request) => {
      const result = await signUpFor(app, currentUser(request), request.body);
      return ok(result, result.orderNo === null ? '报名成功' : '购买成功');
    },
  );

  app.post(
    '/auth/course/page',
    { schema: { tags, summary: '我的课程（含学习进度）', body: PageQuery, response: { 200: Envelope(Page(MyCourseItem)) } } },
    async (request) => pagedAnswer(request.body, (window) => myCourses(app.db, currentUser(request), window)),
  );

  app.post(
    '/auth/user/collection/course/save',
    { schema: { tags, summary: '收藏课程', body: CourseIdBody, response: { 200: Envelope(CollectResult) } } },
    async (request) => ok(await collectCourse(app.db, currentUser(request), request.body.courseId), '已收藏'),
  );

  app.post(
    '/auth/user/collection/course/delet',
    { schema: { tags, summary: '取消收藏课程（路径拼写按规格）', body: CourseIdBody, response: { 200: Envelope(CollectResult) } } },
    async (request) => ok(await uncollectCourse(app.db, currentUser(request), request.body.courseId), '已取消收藏'),
  );

  app.post(
    '/auth/user/collection/course/list',
    { schema: { tags, summary: '我收藏的课程', body: PageQuery, response: { 200: Envelope(Page(CollectedCourse)) } } },
    async (request) => pagedAnswer(request.body, (window) => collectedCourses(app.db, currentUser(request), window)),
  );

  app.post(
    '/auth/user/order/course/ref/list',
    { schema: { tags, summary: '我的课程订单', body: PageQuery, response: { 200: Envelope(Page(CourseOrderRef)) } } },
    async (request) => pagedAnswer(request.body, (window) => myCourseOrders(app.db, currentUser(request), window)),
  );
};

export default routes;
