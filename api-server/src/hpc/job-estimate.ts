import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { HpcJobEstimate } from '@rc/api-contract/hpc/job';
import { payerBalance } from '../billing/index.js';
import { hpcJobs, hpcPackages, type Executor } from '../db/index.js';

const hourSeconds = 3600;

/** What core-seconds and GPU-seconds cost at a partition's hourly prices, rounded up to the 厘. */
export function usageAmount(prices: { coreHourPrice: number; gpuHourPrice: number }, coreSeconds: number, gpuSeconds: number): number {
  return Math.ceil((coreSeconds * prices.coreHourPrice + gpuSeconds * prices.gpuHourPrice) / hourSeconds);
}

/** The user's packages a job on `clusterId` ending at `at` may draw from, earliest expiry first. */
export function usablePackages(userId: number, clusterId: number, at: Date) {
  return {
    where: and(
      eq(hpcPackages.userId, userId),
      or(eq(hpcPackages.clusterId, clusterId), isNull(hpcPackages.clusterId)),
      gt(hpcPackages.expiresAt, at),
      gt(hpcPackages.remainingCoreSeconds, 0),
    ),
    order: [asc(hpcPackages.expiresAt), asc(hpcPackages.id)],
  };
}

async function packageCoreSecondsLeft(db: Executor, userId: number, clusterId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ left: sql<string>`coalesce(sum(${hpcPackages.remainingCoreSeconds}), 0)` })
    .from(hpcPackages)
    .where(usablePackages(userId, clusterId, at).where);
  return Number(row!.left);
}

/** The most the user's jobs sent and not yet charged can cost (held jobs cost nothing until released). */
async function committedAmount(db: Executor, userId: number, exceptJobId: number | null): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${hpcJobs.estimatedAmount}), 0)` })
    .from(hpcJobs)
    .where(
      and(
        eq(hpcJobs.userId, userId),
        isNull(hpcJobs.chargedAt),
        ne(hpcJobs.state, 'HELD'),
        exceptJobId === null ? undefined : ne(hpcJobs.id, exceptJobId),
      ),
    );
  return Number(row!.sum);
}

export interface EstimateRequest {
  userId: number;
  clusterId: number;
  partition: { coreHourPrice: number; gpuHourPrice: number };
  cpus: number;
  gpus: number;
  timeLimitMinutes: number;
  /** A held job being released is not one of the "other" jobs. */
  exceptJobId?: number;
  now: Date;
}

/**
 * The most a job can cost: its cores and GPUs for its whole time limit at the partition's prices, less
 * the core-seconds the user's packages still hold; and whether the balance covers it on top of what
 * their other jobs may still cost.
 */
export async function estimateJob(db: Executor, r: EstimateRequest): Promise<HpcJobEstimate> {
  const seconds = r.timeLimitMinutes * 60;
  const coreSeconds = r.cpus * seconds;
  const gpuSeconds = r.gpus * seconds;
  const packageCoreSecondsAvailable = await packageCoreSecondsLeft(db, r.userId, r.clusterId, r.now);
  const estimatedAmount = usageAmount(r.partition, Math.max(0, coreSeconds - packageCoreSecondsAvailable), gpuSeconds);
  const balance = await payerBalance(db, r.userId);
  const committed = await committedAmount(db, r.userId, r.exceptJobId ?? null);
  return {
    estimatedAmount,
    coreSeconds,
    gpuSeconds,
    packageCoreSecondsAvailable,
    balance,
    committedAmount: committed,
    enough: balance > 0 && balance - committed >= estimatedAmount,
  };
}
