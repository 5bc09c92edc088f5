import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';
import rechargeRoutes from './recharge-routes.js';
import payRoutes from './pay-routes.js';

/** `/apis/user/...` money: orders, bills and recharge (`auth/{order,bill,recharge}/...`) and the providers' public endpoints (`api/pay/...`). */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, billRoutes, rechargeRoutes, payRoutes]) {
    await app.register(routes);
  }
};

export default billingModule;
