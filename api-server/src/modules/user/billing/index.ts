import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';
import incomeRoutes from './income-routes.js';
import withdrawalRoutes from './withdrawal-routes.js';
import subMoneyRoutes from './sub-money-routes.js';
import balanceAlertRoutes from './balance-alert-routes.js';

/** `/apis/user/auth/...` billing's user calls: orders and bills, income and withdrawals, sub-account money, low-balance alerts. */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, billRoutes, incomeRoutes, withdrawalRoutes, subMoneyRoutes, balanceAlertRoutes]) {
    await app.register(routes);
  }
};

export default billingModule;
