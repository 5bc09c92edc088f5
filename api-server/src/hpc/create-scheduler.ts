import type { FastifyInstance } from 'fastify';
import { type HpcCluster, openTree, clusterTreeKey } from '../storage/index.js';
import type { HpcScheduler } from './scheduler.js';
import { SimulatedScheduler } from './simulated/simulated-scheduler.js';
import { SlurmScheduler } from './slurm/slurm-scheduler.js';

/** The scheduler that runs a cluster's jobs, as its `scheduler` column names it. */
export function createScheduler(app: FastifyInstance, cluster: HpcCluster): HpcScheduler {
  if (cluster.scheduler === 'simulated') {
    return new SimulatedScheduler(
      app.db,
      app.clock,
      cluster.id,
      async (userId) => (await openTree(app, userId, clusterTreeKey(cluster.id))).fs,
    );
  }
  if (cluster.scheduler === 'slurm') {
    const { host, port, username, privateKey } = cluster;
    return new SlurmScheduler({
      login: { host, port, username, privateKey },
      slurmConf: app.config.hpc.slurmConf,
      jobcompLog: app.config.hpc.slurmJobcompLog,
    });
  }
  throw new Error(`unknown HPC scheduler ${cluster.scheduler} for cluster ${cluster.id}`);
}
