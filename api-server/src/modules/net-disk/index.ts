import type { FastifyPluginAsync } from 'fastify';
import netDiskRoutes from './net-disk-routes.js';
import filePreviewRoutes from './file-preview-routes.js';

/** `/apis/net-disk/...`: the user's network disk per region (网盘): activation, usage, files, trash and downloads. */
const netDiskModule: FastifyPluginAsync = async (app) => {
  await app.register(netDiskRoutes);
  await app.register(filePreviewRoutes);
};

export default netDiskModule;
