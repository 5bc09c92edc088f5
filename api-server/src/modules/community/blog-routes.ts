import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { and, desc, eq, type SQL } from 'drizzle-orm';
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
import { unauthenticated } from '../../errors.js';
import { currentUser } from '../../plugins/app/authentication.js';
import { ContentStatus, posts } from '../../db/schema.js';
import {
  blogDetail,
  blogPage,
  byBloggersFollowedBy,
  countView,
  findBlogRow,
  hottestFirst,
  latestFirst,
  postNotFound,
  publishedBlogs,
  withLabel,
} from '../../community/blog-views.js';
import { recommendedBlogs } from '../../community/blog-recommend.js';
import { createBlog, deleteBlog, updateBlog } from '../../community/blog-writing.js';
import { viewerOf } from '../../community/viewer.js';

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
      const { tab = 1, labelNo, categoryId, ...page } = request.body;
      const viewer = await viewerOf(app, request);
      const filters: SQL[] = [publishedBlogs];
      if (labelNo !== undefined) filters.push(withLabel(labelNo));
      if (categoryId !== undefined) filters.push(eq(posts.categoryId, categoryId));
      if (tab === 2) {
        if (!viewer) throw unauthenticated();
        filters.push(byBloggersFollowedBy(viewer.id));
      }
      return ok(await blogPage(app.db, and(...filters)!, tab === 3 ? hottestFirst : latestFirst, page, viewer?.id ?? null));
    },
  );

  app.post(
    '/api/blog/view',
    { schema: { tags, summary: '文章详情（已发布；计一次浏览）', body: BlogIdBody, response: { 200: Envelope(BlogDetail) } } },
    async (request) => {
      const row = await findBlogRow(app.db, request.body.id);
      if (!row || row.status !== ContentStatus.published) throw postNotFound();
      await countView(app.db, row.id);
      return ok(await blogDetail(app.db, { ...row, viewCount: row.viewCount + 1 }, null));
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
      return ok(
        saved,
        saved.status === ContentStatus.reviewing
          ? '文章含敏感词，已提交审核'
          : saved.status === ContentStatus.draft
            ? '草稿已保存'
            : '发布成功',
      );
    },
  );

  app.post(
    '/auth/blog/update',
    { schema: { tags, summary: '修改自己的文章', body: BlogUpdateBody, response: { 200: Envelope(BlogSaved) } } },
    async (request) => {
      const saved = await updateBlog(app, currentUser(request), request.body);
      return ok(
        saved,
        saved.status === ContentStatus.reviewing
          ? '文章含敏感词，已提交审核'
          : saved.status === ContentStatus.draft
            ? '草稿已保存'
            : '修改成功',
      );
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
      const { id } = currentUser(request);
      const { status, ...page } = request.body;
      const where = and(eq(posts.kind, 'blog'), eq(posts.authorId, id), status === undefined ? undefined : eq(posts.status, status))!;
      return ok(await blogPage(app.db, where, [desc(posts.updatedAt), desc(posts.id)], page, id));
    },
  );

  app.post(
    '/auth/blog/view',
    { schema: { tags, summary: '文章详情（自己的含草稿；他人的需已发布）', body: BlogIdBody, response: { 200: Envelope(BlogDetail) } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      const row = await findBlogRow(app.db, request.body.id);
      if (!row || (row.authorId !== userId && row.status !== ContentStatus.published)) throw postNotFound();
      if (row.authorId === userId || row.status !== ContentStatus.published) return ok(await blogDetail(app.db, row, userId));
      await countView(app.db, row.id);
      return ok(await blogDetail(app.db, { ...row, viewCount: row.viewCount + 1 }, userId));
    },
  );

  app.post(
    '/auth/blog/attention/list',
    { schema: { tags, summary: '关注的博主发布的文章', body: PageQuery, response: { 200: Envelope(BlogPage) } } },
    async (request) => {
      const { id } = currentUser(request);
      return ok(await blogPage(app.db, and(publishedBlogs, byBloggersFollowedBy(id))!, latestFirst, request.body, id));
    },
  );
};

export default routes;
