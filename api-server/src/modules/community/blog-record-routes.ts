import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { PageQuery } from '@rc/api-contract/common';
import { BlogRefBody, CollectedBlogPage, CollectResult, StandResult } from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { collect, collectedBlogs, toggleLike, uncollect } from '../../community/index.js';

const tags = ['社区'];

/** Likes (stand) and collections of blog posts. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/blog/stand',
    { schema: { tags, summary: '点赞 / 取消点赞', body: BlogRefBody, response: { 200: Envelope(StandResult) } } },
    async (request) => {
      const result = await toggleLike(app, currentUser(request), request.body.blogId);
      return ok(result, result.liked ? '点赞成功' : '已取消点赞');
    },
  );

  app.post(
    '/auth/blog/user/record/save',
    { schema: { tags, summary: '收藏文章', body: BlogRefBody, response: { 200: Envelope(CollectResult) } } },
    async (request) => ok(await collect(app, currentUser(request).id, request.body.blogId), '收藏成功'),
  );

  app.post(
    '/auth/blog/user/record/delete',
    { schema: { tags, summary: '取消收藏', body: BlogRefBody, response: { 200: Envelope(CollectResult) } } },
    async (request) => ok(await uncollect(app, currentUser(request).id, request.body.blogId), '已取消收藏'),
  );

  app.post(
    '/auth/blog/user/record/collection/list',
    { schema: { tags, summary: '我收藏的文章', body: PageQuery, response: { 200: Envelope(CollectedBlogPage) } } },
    async (request) => ok(await collectedBlogs(app.db, currentUser(request).id, request.body)),
  );
};

export default routes;
