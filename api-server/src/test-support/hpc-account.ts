import type { FastifyInstance } from 'fastify';
import { hpcAccounts } from '../db/index.js';
import { HpcAccountStatus, unixNameOf, clusterAccountOf } from '../hpc/index.js';

/** An open HPC account of `userId` on the local cluster without the review (tests and benchmarks), its folders made by the scheduler. */
export async function openLocalHpcAccount(app: FastifyInstance, userId: number, cluster: { id: number; kind: string }) {
  const now = app.clock.now();
  const [account] = await app.db
    .insert(hpcAccounts)
    .values({
      userId,
      clusterId: cluster.id,
      status: HpcAccountStatus.open,
      unixName: unixNameOf(app.hpc.settings.accountPrefix, userId),
      home: '/',
      scratch: '/scratch',
      appliedAt: now,
      openedAt: now,
    })
    .returning();
  await (await app.hpc.schedulerOf(cluster.id)).ensureAccount(clusterAccountOf(cluster, account!));
  return account!;
}
