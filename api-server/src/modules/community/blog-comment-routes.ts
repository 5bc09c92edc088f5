import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import {
  CommentIdBody,
  CommentListBody,
  CommentSaveBody,
  CommentSaved,
  CommentThreadPage,
  MyPostCommentListBody,
  MyPostCommentPage,
} from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { currentUser } from '../../plugins/index.js';
import { commentSavedMessage, commentsOnMyPosts, commentThreads, deleteComment, saveComment, viewerOf } from '../../community/index.js';

const tags = ['社区'];

/** Comments on blog posts, threaded by the comment they answer. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/blog/comment/list',
    {
      schema: {
        tags,
        summary: '文章评论（顶层评论分页，含其回复）',
        body: CommentListBody,
        response: { 200: Envelope(CommentThreadPage) },
      },
    },
    async (request) => {
      const { blogId, ...page } = request.body;
      const viewer = await viewerOf(app, request);
      return ok(await commentThreads(app.db, blogId, viewer?.id ?? null, page));
    },
  );

  app.post(
    '/auth/blog/comment/save',
    {
      schema: {
        tags,
        summary: '发表评论或回复（parentId 回复某条评论）',
        body: CommentSaveBody,
        response: { 200: Envelope(CommentSaved) },
      },
    },
    async (request) => {
      const saved = await saveComment(app, currentUser(request), request.body);
      return ok(saved, commentSavedMessage(saved.status));
    },
  );

  app.post(
    '/auth/blog/comment/list',
    { schema: { tags, summary: '我的文章收到的评论', body: MyPostCommentListBody, response: { 200: Envelope(MyPostCommentPage) } } },
    async (request) => {
      const { blogId, ...page } = request.body;
      return ok(await commentsOnMyPosts(app.db, currentUser(request).id, blogId, page));
    },
  );

  app.post(
    '/auth/blog/comment/delete',
    {
      schema: {
        tags,
        summary: '删除自己的评论或自己文章下的评论（回复一并删除）',
        body: CommentIdBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await deleteComment(app, currentUser(request).id, request.body.id);
      return ok(null, '评论已删除');
    },
  );
};

export default routes;
