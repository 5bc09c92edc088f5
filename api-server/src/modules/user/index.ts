import type { FastifyPluginAsync } from 'fastify';
import loginRoutes from './account/login-routes.js';
import profileRoutes from './account/profile-routes.js';
import subUserRoutes from './account/sub-user-routes.js';
import messageRoutes from './account/message-routes.js';
import eventRoutes from './account/event-routes.js';
import lecturerRoutes from './account/lecturer-routes.js';
import credentialRoutes from './account/credential-routes.js';
import apiKeyRoutes from './account/api-key-routes.js';
import orderRoutes from './compute/order-routes.js';
import instanceRoutes from './compute/instance-routes.js';
import dataDiskRoutes from './compute/data-disk-routes.js';
import quoteRoutes from './compute/quote-routes.js';
import instanceEventRoutes from './compute/instance-event-routes.js';
import sshKeyRoutes from './compute/ssh-key-routes.js';
import terminalRoutes from './compute/terminal-routes.js';
import instancePageRoutes from './compute/instance-page-routes.js';
import instanceMetricsRoutes from './compute/instance-metrics-routes.js';
import instanceAppRoutes from './compute/instance-app-routes.js';
import subInstanceRoutes from './compute/sub-instance-routes.js';
import billingRoutes from './billing/index.js';

/**
 * `/apis/user/...`: account/ holds accounts, sessions, profile, ID card images, sub-accounts, API keys, messages and lecturer follows;
 * compute/ holds renting, the instance lifecycle and saved SSH keys (`auth/{order,user/instance,user/storage,user/ssh/key,dashboard}/...`);
 * billing/ holds orders, bills, statements, recharge and the payment providers' notifications.
 */
const userModule: FastifyPluginAsync = async (app) => {
  for (const routes of [
    loginRoutes,
    profileRoutes,
    credentialRoutes,
    apiKeyRoutes,
    subUserRoutes,
    messageRoutes,
    eventRoutes,
    lecturerRoutes,
    orderRoutes,
    instanceRoutes,
    dataDiskRoutes,
    quoteRoutes,
    instanceEventRoutes,
    sshKeyRoutes,
    terminalRoutes,
    instancePageRoutes,
    instanceMetricsRoutes,
    instanceAppRoutes,
    subInstanceRoutes,
    billingRoutes,
  ]) {
    await app.register(routes);
  }
};

export default userModule;
