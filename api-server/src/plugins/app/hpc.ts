import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { HpcSettings } from '../../config.js';
import { hpcClusters } from '../../db/index.js';
import { notFound } from '../../errors.js';
import { createScheduler, ensurePartitions, type HpcScheduler } from '../../hpc/index.js';
import { enabledClusters } from '../../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    hpc: {
      settings: HpcSettings;
      /** The scheduler of a cluster, made once and closed with the app. */
      schedulerOf(clusterId: number): Promise<HpcScheduler>;
    };
  }
}

/** Batch schedulers of the HPC clusters (HPC_SCHEDULER for the SFTP cluster; the local one is simulated). */
export default fp(
  async (app) => {
    const schedulers = new Map<number, HpcScheduler>();
    async function schedulerOf(clusterId: number): Promise<HpcScheduler> {
      const known = schedulers.get(clusterId);
      if (known) return known;
      const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, clusterId));
      if (!cluster?.enabled) throw notFound('集群不存在或已停用');
      const made = schedulers.get(clusterId) ?? createScheduler(app, cluster);
      schedulers.set(clusterId, made);
      return made;
    }
    app.decorate('hpc', { settings: app.config.hpc, schedulerOf });
    // The simulated clusters' partitions are known at once; a real cluster's are recorded when it is first reached (job-sync).
    // Once the app is built, not while: the database may still be opening then (issue 31).
    app.addHook('onReady', async () => {
      for (const cluster of await enabledClusters(app)) {
        if (cluster.scheduler === 'simulated') await ensurePartitions(app, cluster.id, await (await schedulerOf(cluster.id)).partitions());
      }
    });
    app.addHook('onClose', async () => {
      await Promise.all([...schedulers.values()].map((scheduler) => scheduler.close()));
    });
  },
  { name: 'hpc', dependencies: ['core', 'file-storage'] },
);
