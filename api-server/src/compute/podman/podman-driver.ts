import type { FastifyInstance } from 'fastify';
import type { ComputeDriver } from '../driver.js';

/** Instances as Podman containers (COMPUTE_DRIVER=podman). */
export class PodmanDriver {
  static async open(_app: FastifyInstance): Promise<ComputeDriver> {
    throw new Error('the Podman driver is being built');
  }
}
