import type { FastifyPluginAsync } from 'fastify';
import fileRoutes from './file-routes.js';
import dirRoutes from './dir-routes.js';
import filePreviewRoutes from './file-preview-routes.js';
import speedTestRoutes from './speed-test-routes.js';
import storedFileRoutes from './stored-file-routes.js';
import sftpRoutes from './sftp-routes.js';

/** `/apis/orion/...`: the user's file storage: chunked uploads, merge, folders, usage, download, removal and the upload speed test. */
const orionModule: FastifyPluginAsync = async (app) => {
  await app.register(fileRoutes);
  await app.register(filePreviewRoutes);
  await app.register(dirRoutes);
  await app.register(storedFileRoutes);
  await app.register(sftpRoutes);
  await app.register(speedTestRoutes);
};

export default orionModule;
