import type { FastifyPluginAsync } from 'fastify';
import imageRoutes from './image-routes.js';

/** `/apis/image/...`: system images, the user's private images and their repository. */
const imageModule: FastifyPluginAsync = async (app) => {
  await app.register(imageRoutes);
};

export default imageModule;
