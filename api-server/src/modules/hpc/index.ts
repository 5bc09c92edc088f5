import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes.js';
import clusterRoutes from './cluster-routes.js';
import partitionRoutes from './partition-routes.js';

/** `/apis/hpc/...`: the HPC clusters holding users' file storage, HPC accounts and partitions. */
const hpcModule: FastifyPluginAsync = async (app) => {
  await app.register(clusterRoutes);
  await app.register(accountRoutes);
  await app.register(partitionRoutes);
};

export default hpcModule;
