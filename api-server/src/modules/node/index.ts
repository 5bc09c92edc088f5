import type { FastifyPluginAsync } from 'fastify';
import nodeRoutes from './node-routes.js';

/** `/apis/node/...`: regions, GPU models with their free counts and prices, and nodes. */
const nodeModule: FastifyPluginAsync = async (app) => {
  await app.register(nodeRoutes);
};

export default nodeModule;
