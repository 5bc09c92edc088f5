import type { FastifyPluginAsync } from 'fastify';
import appRoutes from './app-routes.js';
import appTemplateRoutes from './app-template-routes.js';
import appReviewRoutes from './app-review-routes.js';

/** `/apis/application/...`: the application centre (`api/`) and my applications with their instance templates. */
const applicationModule: FastifyPluginAsync = async (app) => {
  await app.register(appRoutes);
  await app.register(appTemplateRoutes);
  await app.register(appReviewRoutes);
};

export default applicationModule;
