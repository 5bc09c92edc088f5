import fp from 'fastify-plugin';
import type { ComputeDriver } from '../../compute/driver.js';
import { createDriver, loadComputeSettings, type ComputeSettings } from '../../compute/compute-settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    compute: { driver: ComputeDriver; settings: ComputeSettings };
  }
}

/** The compute driver and its settings, chosen by configuration (COMPUTE_DRIVER, RELEASE_AFTER_STOPPED_DAYS). */
export default fp(async (app) => {
  app.decorate('compute', { driver: createDriver(), settings: loadComputeSettings() });
}, { name: 'compute', dependencies: ['core'] });
