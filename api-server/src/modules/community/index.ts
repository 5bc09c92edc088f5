import type { FastifyPluginAsync } from 'fastify';
import labelRoutes from './label-routes.js';
import imageCommunityRoutes from './image-community-routes.js';

/** `/apis/community/...`: labels, blogs and bloggers, questions, the image community, search and reports. */
const communityModule: FastifyPluginAsync = async (app) => {
  await app.register(labelRoutes);
  await app.register(imageCommunityRoutes);
};

export default communityModule;
