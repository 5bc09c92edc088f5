import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';
import rechargeRoutes from './recharge-routes.js';
import payRoutes from './pay-routes.js';
import invoiceRoutes from './invoice-routes.js';

/**
 * `/apis/user/...` money: orders, bills, recharge and invoices (`auth/{order,bill,recharge,invoice}/...`, with the
 * operators' invoice review) and the providers' public endpoints (`api/pay/...`).
 */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, billRoutes, rechargeRoutes, payRoutes, invoiceRoutes]) {
    await app.register(routes);
  }
};

export default billingModule;
