import type { FastifyPluginAsync } from 'fastify';
import labelRoutes from './label-routes.js';
import questionRoutes from './question-routes.js';

/** `/apis/community/...`: labels, blogs and bloggers, questions, the image community, search and reports. */
const communityModule: FastifyPluginAsync = async (app) => {
  await app.register(labelRoutes);
  await app.register(questionRoutes);
};

export default communityModule;
