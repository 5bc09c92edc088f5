import type { FastifyPluginAsync } from 'fastify';
import incomeRoutes from './income-routes.js';
import withdrawalRoutes from './withdrawal-routes.js';
import subMoneyRoutes from './sub-money-routes.js';
import balanceAlertRoutes from './balance-alert-routes.js';

/** `/apis/user/auth/...` money: income and withdrawals, sub-account money, low-balance alerts. */
const billingRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [incomeRoutes, withdrawalRoutes, subMoneyRoutes, balanceAlertRoutes]) {
    await app.register(routes);
  }
};

export default billingRoutes;
