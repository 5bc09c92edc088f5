import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { PageQuery } from '@rc/api-contract/common';
import {
  BlogDetail,
  BlogIdBody,
  BlogItem,
  BlogListBody,
  BlogPage,
  BlogSaveBody,
  BlogSaved,
  BlogUpdateBody,
  MyBlogListBody,
  RecommendBody,
} from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import {
  blogSavedMessage,
  createBlog,
  deleteBlog,
  followedBloggersBlogs,
  myBlogList,
  publishedBlogList,
  readBlog,
  recommendedBlogs,
  updateBlog,
  viewerOf,
} from '../../community/index.js';

const tags = ['社区'];

/** Blog posts: the public lists and pages, and the author's writing calls. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/blog/list',
    {
      schema: {
        tags,
        summary: '文章列表（tab 1 最新、3 热门、2 关注：需登录）',
        body: BlogListBody,
        response: { 200: Envelope(BlogPage) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app, request);
      return ok(await publishedBlogList(app.db, viewer?.id ?? null, request.body));
    },
  );

  app.post(
    '/api/blog/view',
    { schema: { tags, summary: '文章详情（已发布；计一次浏览）', body: BlogIdBody, response: { 200: Envelope(BlogDetail) } } },
    async (request) => {
      return ok(await readBlog(app.db, null, request.body.id));
    },
  );

  app.post(
    '/api/article/recommend/list',
    {
      schema: { tags, summary: '推荐文章（同标签优先，其次热门）', body: RecommendBody, response: { 200: Envelope(Type.Array(BlogItem)) } },
    },
    async (request) => ok(await recommendedBlogs(app.db, request.body.id ?? null, request.body.pageSize ?? 5)),
  );

  app.post(
    '/auth/blog/save',
    {
      schema: {
        tags,
        summary: '写文章（status 0 存草稿，1 发布；含敏感词转审核）',
        body: BlogSaveBody,
        response: { 200: Envelope(BlogSaved) },
      },
    },
    async (request) => {
      const saved = await createBlog(app, currentUser(request), request.body);
      return ok(saved, blogSavedMessage(saved.status, '发布成功'));
    },
  );

  app.post(
    '/auth/blog/update',
    { schema: { tags, summary: '修改自己的文章', body: BlogUpdateBody, response: { 200: Envelope(BlogSaved) } } },
    async (request) => {
      const saved = await updateBlog(app, currentUser(request), request.body);
      return ok(saved, blogSavedMessage(saved.status, '修改成功'));
    },
  );

  app.post(
    '/auth/blog/delete',
    { schema: { tags, summary: '删除自己的文章（评论、点赞、收藏一并删除）', body: BlogIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteBlog(app, currentUser(request).id, request.body.id);
      return ok(null, '文章已删除');
    },
  );

  app.post(
    '/auth/blog/list',
    {
      schema: {
        tags,
        summary: '我的文章（可按状态筛选：草稿、已发布、审核中、未通过）',
        body: MyBlogListBody,
        response: { 200: Envelope(BlogPage) },
      },
    },
    async (request) => {
      return ok(await myBlogList(app.db, currentUser(request).id, request.body));
    },
  );

  app.post(
    '/auth/blog/view',
    { schema: { tags, summary: '文章详情（自己的含草稿；他人的需已发布）', body: BlogIdBody, response: { 200: Envelope(BlogDetail) } } },
    async (request) => {
      return ok(await readBlog(app.db, currentUser(request).id, request.body.id));
    },
  );

  app.post(
    '/auth/blog/attention/list',
    { schema: { tags, summary: '关注的博主发布的文章', body: PageQuery, response: { 200: Envelope(BlogPage) } } },
    async (request) => {
      return ok(await followedBloggersBlogs(app.db, currentUser(request).id, request.body));
    },
  );
};

export default routes;
