import type { FastifyPluginAsync } from 'fastify';
import blobTransferRoutes from './blob-transfer-routes.js';
import cloudDiskRoutes from './cloud-disk-routes.js';
import filePreviewRoutes from './file-preview-routes.js';

/** `/apis/cloud-net-disk/...`: the cloud disk per region, and the transfers the server signs when it keeps the blobs itself. */
const cloudNetDiskModule: FastifyPluginAsync = async (app) => {
  await app.register(cloudDiskRoutes);
  await app.register(filePreviewRoutes);
  await app.register(blobTransferRoutes);
};

export default cloudNetDiskModule;
