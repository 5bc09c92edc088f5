import fp from 'fastify-plugin';
import type { ComputeSettings } from '../../config.js';
import type { ComputeDriver } from '../../compute/driver.js';
import { createDriver } from '../../compute/create-driver.js';

declare module 'fastify' {
  interface FastifyInstance {
    compute: { driver: ComputeDriver; settings: ComputeSettings };
  }
}

/** The compute driver and its settings, chosen by configuration (COMPUTE_DRIVER, PODMAN_SOCKET, RELEASE_AFTER_STOPPED_DAYS); the driver is closed with the app. */
export default fp(
  async (app) => {
    const driver = await createDriver(app);
    app.decorate('compute', { driver, settings: app.config.compute });
    app.addHook('onClose', () => driver.close());
  },
  { name: 'compute', dependencies: ['core'] },
);
