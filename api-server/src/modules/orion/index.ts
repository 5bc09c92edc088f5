import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import fileRoutes from './file-routes.js';
import dirRoutes from './dir-routes.js';
import storedFileRoutes from './stored-file-routes.js';

/** `/apis/orion/...`: the user's file storage: chunked uploads, merge, folders, usage, download and removal. */
const orionModule: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 4096, fileSize: app.uploads.settings.maxChunkSize } });
  await app.register(fileRoutes);
  await app.register(dirRoutes);
  await app.register(storedFileRoutes);
};

export default orionModule;
