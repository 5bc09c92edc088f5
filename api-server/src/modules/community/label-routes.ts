import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { ArticleCategoryView, LabelView } from '@rc/api-contract/community/label';
import { ok } from '../../envelope.js';
import { allArticleCategories, allLabels } from '../../community/index.js';

const tags = ['社区'];

/** Labels and article categories, public. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/label/list', { schema: { tags, summary: '标签列表', response: { 200: Envelope(Type.Array(LabelView)) } } }, async () =>
    ok(await allLabels(app.db)),
  );

  app.post(
    '/api/article/zone/category/list',
    { schema: { tags, summary: '文章分类（按专区）', response: { 200: Envelope(Type.Array(ArticleCategoryView)) } } },
    async () => ok(await allArticleCategories(app.db)),
  );
};

export default routes;
