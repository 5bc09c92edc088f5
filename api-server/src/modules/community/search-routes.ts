import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { BlogSearchBody, SearchPage, SiteSearchBody } from '@rc/api-contract/community/search';
import { ok } from '../../envelope.js';
import { pageWindow } from '../../lib/index.js';
import { kindsOfType, searchKeyword, searchSite } from '../../community/index.js';

const tags = ['社区'];

/** Site search (spec §2's types) and the blog search of spec §7, public. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const ranked = app.config.searchRankedMatches;
  app.post(
    '/api/search/list',
    {
      schema: {
        tags,
        summary: '全站搜索（按类型：博客、问答、资讯、课程、应用、数据集、镜像）',
        body: SiteSearchBody,
        response: { 200: Envelope(SearchPage) },
      },
    },
    async (request) => {
      const { pageNum, pageSize } = pageWindow(request.body);
      const keyword = searchKeyword(request.body.keyword);
      return ok(await searchSite(app.db, { keyword, kinds: kindsOfType[request.body.type ?? 1], pageNum, pageSize, ranked }));
    },
  );

  app.post(
    '/api/blog/search/list',
    { schema: { tags, summary: '搜索博客', body: BlogSearchBody, response: { 200: Envelope(SearchPage) } } },
    async (request) => {
      const { pageNum, pageSize } = pageWindow(request.body);
      const keyword = searchKeyword(request.body.keyword);
      return ok(await searchSite(app.db, { keyword, kinds: ['blog'], pageNum, pageSize, ranked }));
    },
  );
};

export default routes;
