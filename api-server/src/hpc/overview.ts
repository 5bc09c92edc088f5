import { and, eq, gt, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcOverview } from '@rc/api-contract/hpc/resource';
import { hpcJobs, hpcPackages } from '../db/index.js';
import { clustersOfUser } from '../storage/index.js';
import { accountViews } from './accounts.js';
import { activeJobs, jobViewsOf } from './job-views.js';

const hourMs = 3_600_000;

/** The Beijing month of an instant as `YYYY-MM`, and its bounds as instants. */
function beijingMonth(now: Date): { month: string; from: Date; to: Date } {
  const local = new Date(now.getTime() + 8 * hourMs);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
    from: new Date(Date.UTC(year, month, 1) - 8 * hourMs),
    to: new Date(Date.UTC(year, month + 1, 1) - 8 * hourMs),
  };
}

const sum = (column: AnyColumn) => sql<string>`coalesce(sum(${column}), 0)`;

/** /account/superHome: the user's accounts, active jobs, this Beijing month's use of ended jobs, packages left and storage on each cluster. */
export async function hpcOverview(app: FastifyInstance, userId: number): Promise<HpcOverview> {
  const now = app.clock.now();
  const { month, from, to } = beijingMonth(now);
  const [used] = await app.db
    .select({
      jobs: sql<string>`count(*)`,
      coreSeconds: sum(hpcJobs.coreSeconds),
      gpuSeconds: sum(hpcJobs.gpuSeconds),
      packageCoreSeconds: sum(hpcJobs.packageCoreSeconds),
      amount: sum(hpcJobs.chargedAmount),
    })
    .from(hpcJobs)
    .where(and(eq(hpcJobs.userId, userId), gte(hpcJobs.endedAt, from), lt(hpcJobs.endedAt, to)));
  const [left] = await app.db
    .select({ seconds: sql<string>`coalesce(sum(${hpcPackages.remainingCoreSeconds}), 0)` })
    .from(hpcPackages)
    .where(and(eq(hpcPackages.userId, userId), gt(hpcPackages.expiresAt, now)));
  return {
    accounts: await accountViews(app, userId),
    activeJobs: await jobViewsOf(app.db, now, and(eq(hpcJobs.userId, userId), activeJobs), { limit: 20, offset: 0 }),
    month: {
      month,
      jobs: Number(used!.jobs),
      coreSeconds: Number(used!.coreSeconds),
      gpuSeconds: Number(used!.gpuSeconds),
      packageCoreSeconds: Number(used!.packageCoreSeconds),
      amount: Number(used!.amount),
    },
    packageCoreSecondsLeft: Number(left!.seconds),
    storage: await clustersOfUser(app, userId),
  };
}
