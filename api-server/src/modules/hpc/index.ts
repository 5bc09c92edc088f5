import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes.js';
import clusterRoutes from './cluster-routes.js';
import jobRoutes from './job-routes.js';
import overviewRoutes from './overview-routes.js';
import packageRoutes from './package-routes.js';
import partitionRoutes from './partition-routes.js';

/** `/apis/hpc/...`: the HPC clusters holding users' file storage, HPC accounts and partitions, batch jobs and core-hour packages. */
const hpcModule: FastifyPluginAsync = async (app) => {
  await app.register(clusterRoutes);
  await app.register(accountRoutes);
  await app.register(partitionRoutes);
  await app.register(jobRoutes);
  await app.register(packageRoutes);
  await app.register(overviewRoutes);
};

export default hpcModule;
