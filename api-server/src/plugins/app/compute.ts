import fp from 'fastify-plugin';
import type { ComputeSettings } from '../../config.js';
import type { ComputeDriver } from '../../compute/driver.js';
import { createDriver } from '../../compute/create-driver.js';

declare module 'fastify' {
  interface FastifyInstance {
    compute: { driver: ComputeDriver; settings: ComputeSettings };
  }
}

/** The compute driver and its settings, chosen by configuration (COMPUTE_DRIVER, RELEASE_AFTER_STOPPED_DAYS). */
export default fp(
  async (app) => {
    app.decorate('compute', { driver: createDriver(app.config), settings: app.config.compute });
  },
  { name: 'compute', dependencies: ['core'] },
);
