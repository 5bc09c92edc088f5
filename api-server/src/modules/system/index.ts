import type { FastifyPluginAsync } from 'fastify';
import siteRoutes from './site-routes.js';

/** `/apis/system/...`: site information, navigation, adverts, zones, enums, referral codes. */
const systemModule: FastifyPluginAsync = async (app) => {
  await app.register(siteRoutes);
};

export default systemModule;
