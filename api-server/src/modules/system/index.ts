import type { FastifyPluginAsync } from 'fastify';
import routes from './routes.js';

/** `/apis/system/...`: site information, navigation, adverts, zones, enums, referral codes. */
const systemModule: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

export default systemModule;
