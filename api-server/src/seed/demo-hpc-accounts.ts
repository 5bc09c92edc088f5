import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, hpcAccounts, hpcClusters, users } from '../db/index.js';
import { HpcAccountStatus, unixNameOf, accountFoldersOf, syncChaosuanStatus, clusterAccountOf } from '../hpc/index.js';

/**
 * On the local cluster: the demo user's HPC account, open (its home and scratch made through the
 * scheduler), and the organization's application waiting for the operator. Once: nothing happens when
 * either already has an account, or before the local cluster exists (the next start seeds them).
 */
export async function seedDemoHpcAccounts(db: Database, hpc: FastifyInstance['hpc'], mobiles: { user: string; organization: string }) {
  const [cluster] = await db.select().from(hpcClusters).where(eq(hpcClusters.kind, 'local')).limit(1);
  const people = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, [mobiles.user, mobiles.organization]));
  const user = people.find((person) => person.mobile === mobiles.user);
  const organization = people.find((person) => person.mobile === mobiles.organization);
  if (!cluster || !user || !organization) return false;
  const [seeded] = await db
    .select({ id: hpcAccounts.id })
    .from(hpcAccounts)
    .where(inArray(hpcAccounts.userId, [user.id, organization.id]))
    .limit(1);
  if (seeded) return false;

  const { accountPrefix, scratchTemplate } = hpc.settings;
  const now = new Date();
  const unixName = unixNameOf(accountPrefix, user.id);
  const folders = accountFoldersOf(cluster, user.id, unixName, scratchTemplate);
  await (await hpc.schedulerOf(cluster.id)).ensureAccount(clusterAccountOf(cluster, { userId: user.id, unixName, ...folders }));
  await db.transaction(async (tx) => {
    await tx.insert(hpcAccounts).values([
      {
        userId: user.id,
        clusterId: cluster.id,
        status: HpcAccountStatus.open,
        purpose: '分子动力学模拟与深度学习训练',
        unixName,
        ...folders,
        appliedAt: new Date(now.getTime() - 3 * 86_400_000),
        reviewedAt: new Date(now.getTime() - 2 * 86_400_000),
        openedAt: new Date(now.getTime() - 2 * 86_400_000),
      },
      {
        userId: organization.id,
        clusterId: cluster.id,
        status: HpcAccountStatus.reviewing,
        purpose: '流体力学仿真（OpenFOAM），预计每月约 5000 核时',
        unixName: unixNameOf(accountPrefix, organization.id),
        appliedAt: new Date(now.getTime() - 3_600_000),
      },
    ]);
    await syncChaosuanStatus(tx, user.id);
    await syncChaosuanStatus(tx, organization.id);
  });
  return true;
}
