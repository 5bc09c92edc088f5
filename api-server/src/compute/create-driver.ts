import type { FastifyInstance } from 'fastify';
import type { ComputeDriver } from './driver.js';
import { KubernetesDriver } from './kubernetes/kubernetes-driver.js';
import { PodmanDriver } from './podman/podman-driver.js';
import { SimulatedDriver } from './simulated-driver.js';

/** The compute driver that COMPUTE_DRIVER names, connected and ready. */
export async function createDriver(app: FastifyInstance): Promise<ComputeDriver> {
  switch (app.config.compute.driver) {
    case 'simulated':
      return new SimulatedDriver(undefined, app.config.compute.simulatedWebTarget);
    case 'podman':
      return PodmanDriver.open(app);
    case 'kubernetes':
      return KubernetesDriver.open(app);
  }
}
