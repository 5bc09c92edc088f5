import type { FastifyPluginAsync } from 'fastify';
import instanceRoutes from './instance-routes.js';

/** `/apis/container/...`: the instance list and statistics, and operations on the container itself. */
const containerModule: FastifyPluginAsync = async (app) => {
  await app.register(instanceRoutes);
};

export default containerModule;
