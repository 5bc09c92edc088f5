import fp from 'fastify-plugin';
import type { ComputeSettings } from '../../config.js';
import type { ComputeDriver } from '../../compute/driver.js';
import { createDriver } from '../../compute/create-driver.js';

declare module 'fastify' {
  interface FastifyInstance {
    compute: {
      driver: ComputeDriver;
      settings: ComputeSettings;
      /** The SSH gateway's port as users see it: the one it listens on once started, SSH_PORT until then. */
      ssh: { port: number };
    };
  }
}

/** The compute driver and its settings, chosen by configuration (COMPUTE_DRIVER, PODMAN_SOCKET, RELEASE_AFTER_STOPPED_DAYS); the driver is closed with the app. */
export default fp(
  async (app) => {
    const driver = await createDriver(app);
    app.decorate('compute', { driver, settings: app.config.compute, ssh: { port: app.config.ssh.port } });
    app.addHook('onClose', () => driver.close());
  },
  { name: 'compute', dependencies: ['core'] },
);
