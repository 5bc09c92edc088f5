import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { instanceChargePage } from '../../../billing/index.js';
import { instanceView, rentInstance, rentQuote } from '../../../compute/index.js';
import { pagedAnswer } from '../../../lib/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { Bill, BillListBody, PaidOrder, PayOrderBody, RentQuote, RentQuoteBody } from '@rc/api-contract/user/order';

const tags = ['订单'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/order/price/preview',
    { schema: { tags, summary: '价格预览与报价（下单前）', body: RentQuoteBody, response: { 200: Envelope(RentQuote) } } },
    async (request) => {
      return ok(await rentQuote(app.db, app.quotes, currentUser(request).id, request.body, app.clock.now()));
    },
  );

  app.post(
    '/auth/order/info/pay',
    { schema: { tags, summary: '下单并支付（创建实例）', body: PayOrderBody, response: { 200: Envelope(PaidOrder) } } },
    async (request) => {
      const user = currentUser(request);
      const instance = await rentInstance(
        { db: app.db, driver: app.compute.driver, quotes: app.quotes, shareSecret: app.uploads.signingSecret },
        user.id,
        request.body,
        app.clock.now(),
      );
      const view = await instanceView(app, user.id, instance.created.id);
      return ok(
        { orderId: instance.order.id, orderNo: instance.order.orderNo, amount: instance.order.amount, instance: view },
        '下单成功，实例创建中',
      );
    },
  );

  app.post(
    '/auth/order/bill/list',
    { schema: { tags, summary: '计费明细', body: BillListBody, response: { 200: Envelope(Page(Bill)) } } },
    async (request) => {
      return pagedAnswer(request.body, (window) => instanceChargePage(app.db, currentUser(request).id, request.body.instanceId, window));
    },
  );
};

export default routes;
