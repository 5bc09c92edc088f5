import type { FastifyPluginAsync } from 'fastify';
import videoRoutes from './video-routes.js';
import myVideoRoutes from './my-video-routes.js';
import streamRoutes from './stream-routes.js';

/** `/apis/vod/...`: video uploads, my videos, and the signed streams players load. */
const vodModule: FastifyPluginAsync = async (app) => {
  await app.register(videoRoutes);
  await app.register(myVideoRoutes);
  await app.register(streamRoutes);
};

export default vodModule;
