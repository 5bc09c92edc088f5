import type { FastifyInstance } from 'fastify';
import type { ComputeDriver } from './driver.js';
import { delaysAtSpeed, SimulatedDriver } from './simulated-driver.js';

/**
 * The compute driver that COMPUTE_DRIVER names, connected and ready. The real drivers are loaded only when named: their
 * clients (dockerode, @kubernetes/client-node) were about 100 MB of every server's memory (issue 31).
 */
export async function createDriver(app: FastifyInstance): Promise<ComputeDriver> {
  switch (app.config.compute.driver) {
    case 'simulated':
      return new SimulatedDriver(delaysAtSpeed(app.config.compute.simulatedSpeed), app.config.compute.simulatedWebTarget);
    case 'podman':
      return (await import('./podman/podman-driver.js')).PodmanDriver.open(app);
    case 'kubernetes':
      return (await import('./kubernetes/kubernetes-driver.js')).KubernetesDriver.open(app);
  }
}
