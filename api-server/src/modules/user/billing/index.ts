import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';
import invoiceRoutes from './invoice-routes.js';

/** `/apis/user/auth/{order,bill,invoice}/...`: billing's user calls (and the operators' invoice review). */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, billRoutes, invoiceRoutes]) {
    await app.register(routes);
  }
};

export default billingModule;
