import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import billRoutes from './bill-routes.js';
import rechargeRoutes from './recharge-routes.js';
import payRoutes from './pay-routes.js';
import invoiceRoutes from './invoice-routes.js';
import incomeRoutes from './income-routes.js';
import withdrawalRoutes from './withdrawal-routes.js';
import payeeAccountRoutes from './payee-account-routes.js';
import subMoneyRoutes from './sub-money-routes.js';
import balanceAlertRoutes from './balance-alert-routes.js';
import voucherRoutes from './voucher-routes.js';

/**
 * `/apis/user/...` money: orders, bills, recharge, invoices, income, payee accounts and withdrawals, sub-account money,
 * low-balance alerts, vouchers (`auth/...`, with the operators' reviews) and the providers' public endpoints (`api/pay/...`).
 */
const billingModule: FastifyPluginAsync = async (app) => {
  for (const routes of [
    orderRoutes,
    billRoutes,
    rechargeRoutes,
    payRoutes,
    invoiceRoutes,
    incomeRoutes,
    withdrawalRoutes,
    payeeAccountRoutes,
    subMoneyRoutes,
    balanceAlertRoutes,
    voucherRoutes,
  ]) {
    await app.register(routes);
  }
};

export default billingModule;
