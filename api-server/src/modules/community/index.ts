import type { FastifyPluginAsync } from 'fastify';
import labelRoutes from './label-routes.js';
import reportRoutes from './report-routes.js';
import searchRoutes from './search-routes.js';

/** `/apis/community/...`: labels, blogs and bloggers, questions, the image community, search and reports. */
const communityModule: FastifyPluginAsync = async (app) => {
  await app.register(labelRoutes);
  await app.register(searchRoutes);
  await app.register(reportRoutes);
};

export default communityModule;
