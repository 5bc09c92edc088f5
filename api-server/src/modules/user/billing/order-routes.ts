import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { OrderListBody, OrderRow, OrderView, OrderViewBody } from '@rc/api-contract/user/account-orders';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { orderPage, orderView } from '../../../billing/index.js';
import { pageWindow } from '../../../lib/index.js';

const tags = ['订单'];

/** `/account/order` and `/account/orderDetail/{id}`: the user's orders of every type. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/order/list',
    { schema: { tags, summary: '我的订单（按类型、状态、时间筛选）', body: OrderListBody, response: { 200: Envelope(Page(OrderRow)) } } },
    async (request) => {
      const { id } = currentUser(request);
      const { pageNum, pageSize, offset } = pageWindow(request.body);
      const { list, total } = await orderPage(app.db, id, request.body, pageSize, offset);
      return ok({ list, total, pageNum, pageSize });
    },
  );

  app.post(
    '/auth/order/view',
    { schema: { tags, summary: '订单详情（报价明细、所属实例、账单明细）', body: OrderViewBody, response: { 200: Envelope(OrderView) } } },
    async (request) => ok(await orderView(app.db, currentUser(request).id, request.body.id)),
  );
};

export default routes;
