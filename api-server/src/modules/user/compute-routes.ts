import type { FastifyPluginAsync } from 'fastify';
import orderRoutes from './order-routes.js';
import instanceRoutes from './instance-routes.js';
import storageRoutes from './storage-routes.js';

/** `/apis/user/auth/{order,user/instance,user/storage,dashboard}/...`: renting and the instance lifecycle. */
const computeUserRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [orderRoutes, instanceRoutes, storageRoutes]) await app.register(routes);
};

export default computeUserRoutes;
