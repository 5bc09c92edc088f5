import type { FastifyPluginAsync } from 'fastify';
import rechargeRoutes from './recharge-routes.js';
import payRoutes from './pay-routes.js';

/** `/apis/user/...` money: recharge (`auth/recharge/...`) and the providers' public endpoints (`api/pay/...`). */
const billingRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [rechargeRoutes, payRoutes]) {
    await app.register(routes);
  }
};

export default billingRoutes;
