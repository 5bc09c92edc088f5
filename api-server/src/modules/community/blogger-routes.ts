import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { PageQuery } from '@rc/api-contract/common';
import {
  BloggerCard,
  BloggerIdBody,
  BloggerProfile,
  BloggerRecommendBody,
  BloggerSaveBody,
  FanListBody,
  FanPage,
  FollowBody,
  FollowedBloggerPage,
  FollowResult,
  MyBloggerProfile,
} from '@rc/api-contract/community/blogger';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  fansOf,
  followedBloggers,
  myBloggerProfile,
  openBlog,
  recommendBloggers,
  requireBloggerProfile,
  setFollowing,
  updateBloggerInfo,
} from '../../community/index.js';

const tags = ['社区'];

/** Bloggers: their public pages, my blog, and following. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/blogger/view',
    { schema: { tags, summary: '博主主页', body: BloggerIdBody, response: { 200: Envelope(BloggerProfile) } } },
    async (request) => ok(await requireBloggerProfile(app.db, request.body.bloggerId, null)),
  );

  app.post(
    '/auth/blogger/view',
    { schema: { tags, summary: '博主主页（含我是否关注）', body: BloggerIdBody, response: { 200: Envelope(BloggerProfile) } } },
    async (request) => ok(await requireBloggerProfile(app.db, request.body.bloggerId, currentUser(request).id)),
  );

  app.post(
    '/auth/blogger/save',
    { schema: { tags, summary: '开通博客（仅一次）', body: BloggerSaveBody, response: { 200: Envelope(MyBloggerProfile) } } },
    async (request) => {
      const { id } = currentUser(request);
      await openBlog(app.db, id, request.body);
      return ok(await myBloggerProfile(app.db, id), '博客已开通');
    },
  );

  app.post(
    '/auth/blogger/update',
    { schema: { tags, summary: '修改博客名称和简介', body: BloggerSaveBody, response: { 200: Envelope(MyBloggerProfile) } } },
    async (request) => {
      const { id } = currentUser(request);
      await updateBloggerInfo(app.db, id, request.body, app.clock.now());
      return ok(await myBloggerProfile(app.db, id), '修改成功');
    },
  );

  app.post(
    '/auth/blogger/myself',
    { schema: { tags, summary: '我的博客（未开通时 data 为 null）', response: { 200: Envelope(MyBloggerProfile) } } },
    async (request) => ok(await myBloggerProfile(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/blogger/recommend/list',
    {
      schema: {
        tags,
        summary: '推荐博主（活跃且我未关注的）',
        body: BloggerRecommendBody,
        response: { 200: Envelope(Type.Array(BloggerCard)) },
      },
    },
    async (request) => ok(await recommendBloggers(app.db, currentUser(request).id, request.body.pageSize ?? 5)),
  );

  app.post(
    '/auth/blogger/user/record/save',
    { schema: { tags, summary: '关注 / 取消关注博主', body: FollowBody, response: { 200: Envelope(FollowResult) } } },
    async (request) => {
      const { bloggerId, attention } = request.body;
      return ok(await setFollowing(app.db, currentUser(request).id, bloggerId, attention), attention ? '关注成功' : '已取消关注');
    },
  );

  app.post(
    '/auth/blogger/user/record/list',
    { schema: { tags, summary: '我关注的博主', body: PageQuery, response: { 200: Envelope(FollowedBloggerPage) } } },
    async (request) => ok(await followedBloggers(app.db, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/blogger/user/record/fans/list',
    { schema: { tags, summary: '粉丝列表（不传 bloggerId 为我的粉丝）', body: FanListBody, response: { 200: Envelope(FanPage) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { bloggerId = id, ...page } = request.body;
      return ok(await fansOf(app.db, bloggerId, id, page));
    },
  );
};

export default routes;
