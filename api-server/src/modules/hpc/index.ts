import type { FastifyPluginAsync } from 'fastify';
import clusterRoutes from './cluster-routes.js';
import jobRoutes from './job-routes.js';
import packageRoutes from './package-routes.js';

/** `/apis/hpc/...`: the HPC clusters holding users' file storage, batch jobs and core-hour packages. */
const hpcModule: FastifyPluginAsync = async (app) => {
  await app.register(clusterRoutes);
  await app.register(jobRoutes);
  await app.register(packageRoutes);
};

export default hpcModule;
