import type { AppConfig } from '../config.js';
import type { ComputeDriver } from './driver.js';
import { SimulatedDriver } from './simulated-driver.js';

/** The compute driver that COMPUTE_DRIVER names. */
export function createDriver(config: AppConfig): ComputeDriver {
  switch (config.compute.driver) {
    case 'simulated':
      return new SimulatedDriver();
  }
}
