import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schedulerLockHolder } from '../leadership/index.js';

export interface CheckResult {
  ok: boolean;
  ms: number;
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
}

type CheckName = 'database' | 'blobStore' | 'scheduler' | 'computeDriver';

/** Runs `check` (which answers its detail) for at most `timeoutMs`: a hung dependency fails the check instead of the probe hanging. */
async function timed(check: () => Promise<string>, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const ms = () => Math.round(performance.now() - started);
  try {
    const detail = await Promise.race([check(), timeout]);
    return { ok: true, ms: ms(), detail };
  } catch (error) {
    return { ok: false, ms: ms(), detail: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Leadership never fails readiness: a replica that does not lead serves requests as well as the leader, and
 * taking every replica out of rotation because no one leads (for the seconds a new leader takes to step in, or
 * longer) would stop the site as well as the periodic jobs. "Nobody leads" is said in the detail, and the
 * scheduler metrics are where an alert watches it.
 */
async function schedulerDetail(app: FastifyInstance): Promise<string> {
  if (app.scheduling.leading) return `this replica (${app.config.replicaId}) leads`;
  const holder = await schedulerLockHolder(app.db);
  return holder ? `${holder} leads` : 'no replica holds the scheduler lock: periodic jobs are not running';
}

/** Whether this replica can serve: its database, blob store and compute backend answer in time. */
export async function checkReadiness(app: FastifyInstance, timeoutMs: number): Promise<Readiness> {
  const [database, blobStore, scheduler, computeDriver] = await Promise.all([
    timed(async () => {
      await app.db.execute(sql`select 1`);
      return 'select 1 answered';
    }, timeoutMs),
    timed(async () => {
      await app.blobs.probe();
      return 'writable';
    }, timeoutMs),
    timed(() => schedulerDetail(app), timeoutMs),
    timed(async () => {
      await app.compute.driver.probe();
      return `${app.compute.driver.name} reachable`;
    }, timeoutMs),
  ]);
  const checks = { database, blobStore, scheduler, computeDriver };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}
