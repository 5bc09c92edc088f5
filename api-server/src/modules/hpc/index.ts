import type { FastifyPluginAsync } from 'fastify';
import clusterRoutes from './cluster-routes.js';

/** `/apis/hpc/...`: the HPC clusters holding users' file storage. */
const hpcModule: FastifyPluginAsync = async (app) => {
  await app.register(clusterRoutes);
};

export default hpcModule;
