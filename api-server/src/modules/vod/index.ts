import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import videoRoutes from './video-routes.js';

/** `/apis/vod/...`: video uploads. */
const vodModule: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 4096, fileSize: app.uploads.settings.maxChunkSize } });
  await app.register(videoRoutes);
};

export default vodModule;
