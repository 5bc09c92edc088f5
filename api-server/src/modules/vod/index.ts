import type { FastifyPluginAsync } from 'fastify';
import videoRoutes from './video-routes.js';

/** `/apis/vod/...`: video uploads. */
const vodModule: FastifyPluginAsync = async (app) => {
  await app.register(videoRoutes);
};

export default vodModule;
