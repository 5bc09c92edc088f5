import fp from 'fastify-plugin';
import type { ComputeSettings } from '../../config.js';
import { type ComputeDriver, createDriver, instancesMounting, mountOnLiveInstances } from '../../compute/index.js';
import type { InstanceMounts } from '../../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    compute: {
      driver: ComputeDriver;
      settings: ComputeSettings;
      /** The SSH gateway's port as users see it: the one it listens on once started, SSH_PORT until then. */
      ssh: { port: number };
      /** Storage's questions about the instances that mount its disks and datasets. */
      mounts: InstanceMounts;
    };
  }
}

/** The compute driver and its settings, chosen by configuration (COMPUTE_DRIVER, PODMAN_SOCKET, RELEASE_AFTER_STOPPED_DAYS); the driver is closed with the app. */
export default fp(
  async (app) => {
    const driver = await createDriver(app);
    const mounts: InstanceMounts = {
      mountOnLiveInstances: (tx, disk) => mountOnLiveInstances(tx, driver, disk),
      instancesMounting,
    };
    app.decorate('compute', { driver, settings: app.config.compute, ssh: { port: app.config.ssh.port }, mounts });
    app.addHook('onClose', () => driver.close());
  },
  { name: 'compute', dependencies: ['core'] },
);
