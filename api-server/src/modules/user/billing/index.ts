import type { FastifyPluginAsync } from 'fastify';
import invoiceRoutes from './invoice-routes.js';

/** `/apis/user/auth/...` billing calls: recharge, orders, bills, invoices, income. */
const billingRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [invoiceRoutes]) {
    await app.register(routes);
  }
};

export default billingRoutes;
