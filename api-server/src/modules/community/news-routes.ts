import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { PageQuery } from '@rc/api-contract/common';
import { NewsDetail, NewsIdBody, NewsPage, NewsSaveBody, NewsUpdateBody, NewsViewBody } from '@rc/api-contract/community/blog';
import { ok } from '../../envelope.js';
import { requireOperator } from '../../plugins/index.js';
import { createNews, deleteNews, newsPage, updateNews, viewNews } from '../../community/index.js';

const tags = ['社区'];

/** The platform's news (about, contact, quick start, billing …): read by all, written by operators. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/news/list',
    { schema: { tags, summary: '资讯列表', body: PageQuery, response: { 200: Envelope(NewsPage) } } },
    async (request) => ok(await newsPage(app.db, request.body)),
  );

  app.post(
    '/api/news/view',
    { schema: { tags, summary: '资讯详情（按 id 或短链接 slug）', body: NewsViewBody, response: { 200: Envelope(NewsDetail) } } },
    async (request) => ok(await viewNews(app.db, request.body)),
  );

  app.post(
    '/auth/news/save',
    {
      schema: {
        tags,
        summary: '发布资讯（运营人员）',
        body: NewsSaveBody,
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok(await createNews(app, requireOperator(request).id, request.body), '资讯已发布'),
  );

  app.post(
    '/auth/news/update',
    { schema: { tags, summary: '修改资讯（运营人员）', body: NewsUpdateBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      requireOperator(request);
      await updateNews(app, request.body);
      return ok(null, '修改成功');
    },
  );

  app.post(
    '/auth/news/delete',
    { schema: { tags, summary: '删除资讯（运营人员）', body: NewsIdBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      requireOperator(request);
      await deleteNews(app, request.body.id);
      return ok(null, '资讯已删除');
    },
  );
};

export default routes;
