/** A partition of the simulated cluster: identical nodes. */
export interface SimulatedPartition {
  name: string;
  nodes: number;
  cpusPerNode: number;
  gpusPerNode: number;
  memoryMbPerNode: number;
  maxTimeMinutes: number;
  isDefault: boolean;
}

/** What the simulated cluster is made of (the demo data prices these partitions, seed/hpc-catalogue.ts). */
export const simulatedPartitions: readonly SimulatedPartition[] = [
  { name: 'cpu', nodes: 4, cpusPerNode: 64, gpusPerNode: 0, memoryMbPerNode: 256_000, maxTimeMinutes: 7 * 24 * 60, isDefault: true },
  { name: 'gpu', nodes: 2, cpusPerNode: 32, gpusPerNode: 4, memoryMbPerNode: 512_000, maxTimeMinutes: 3 * 24 * 60, isDefault: false },
  { name: 'debug', nodes: 1, cpusPerNode: 16, gpusPerNode: 0, memoryMbPerNode: 64_000, maxTimeMinutes: 30, isDefault: false },
];
