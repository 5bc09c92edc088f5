import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';

/** `/apis/user/auth/{order,bill}/...`: billing's user calls. */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, billRoutes]) {
    await app.register(routes);
  }
};

export default billingModule;
