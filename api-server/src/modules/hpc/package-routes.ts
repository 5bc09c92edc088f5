import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '@rc/api-contract/envelope';
import { HpcPackageBuyBody, HpcPackageProduct, HpcPackageQuoteBody, HpcPackageView } from '@rc/api-contract/hpc/resource';
import { MoneyQuote } from '@rc/api-contract/user/quote';
import { ok } from '../../envelope.js';
import { buyPackage, packageProducts, packagesOf, quotePackage } from '../../hpc/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['超算资源包'];

/** `/apis/hpc/auth/package/...`: core-hour packages on sale and the caller's; buying is quoted first. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/package/products',
    { schema: { tags, summary: '在售的核时资源包', response: { 200: Envelope(Type.Array(HpcPackageProduct)) } } },
    async () => ok(await packageProducts(app)),
  );

  app.get(
    '/auth/package/list',
    { schema: { tags, summary: '我购买的资源包', response: { 200: Envelope(Type.Array(HpcPackageView)) } } },
    async (request) => ok(await packagesOf(app, currentUser(request).id)),
  );

  app.post(
    '/auth/package/quote',
    { schema: { tags, summary: '资源包报价（购买前）', body: HpcPackageQuoteBody, response: { 200: Envelope(MoneyQuote) } } },
    async (request) => ok(await quotePackage(app, currentUser(request).id, request.body.productId, request.body.voucherId)),
  );

  app.post(
    '/auth/package/buy',
    { schema: { tags, summary: '按报价购买资源包', body: HpcPackageBuyBody, response: { 200: Envelope(HpcPackageView) } } },
    async (request) =>
      ok(await buyPackage(app, currentUser(request).id, request.body.productId, request.body.quoteToken), '资源包购买成功'),
  );
};

export default routes;
