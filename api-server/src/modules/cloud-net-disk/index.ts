import type { FastifyPluginAsync } from 'fastify';
import uploadRoutes from './upload-routes.js';

/** `/apis/cloud-net-disk/...`: the cloud disk per region (GPU-style presigned uploads so far). */
const cloudNetDiskModule: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
};

export default cloudNetDiskModule;
