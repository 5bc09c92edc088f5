import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instanceEvents, instances, type Executor, queryRows } from '../../db/index.js';
import { notify } from '../../accounts/index.js';
import { recordInstanceEvent } from '../instance-events.js';
import type { InstanceRow } from '../instance-state.js';
import { stopInstance } from '../lifecycle.js';
import { withLockedInstance } from '../locked-instance.js';
import { Status } from '../states.js';

type IdleSettings = Pick<InstanceRow, 'id' | 'idleStopMinutes' | 'idleStopPercent'>;

/** Idle auto-stop applies to a running instance that holds GPUs and has it switched on. */
const applies = (row: InstanceRow) =>
  row.status === Status.running && row.nextStatus === null && row.gpuHeld > 0 && row.idleStopMinutes !== null;

/** When the instance last became running (the transition that finished its create or start). */
async function runningSince(db: Executor, instanceId: number) {
  const [event] = await db
    .select({ at: instanceEvents.createdAt })
    .from(instanceEvents)
    .where(
      and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, 'transition'), eq(instanceEvents.toStatus, Status.running)),
    )
    .orderBy(desc(instanceEvents.createdAt))
    .limit(1);
  return event?.at ?? null;
}

/**
 * Whether every GPU sample of the last `idleStopMinutes` is below `idleStopPercent`, and the samples cover that whole
 * window: the instance ran all of it, and no two samples (nor the window's ends) are more than two intervals apart.
 */
async function idleThroughout(db: Executor, instance: IdleSettings, now: Date, intervalMs: number): Promise<boolean> {
  if (instance.idleStopMinutes === null) return false;
  const windowStart = new Date(now.getTime() - instance.idleStopMinutes * 60_000);
  const since = await runningSince(db, instance.id);
  if (!since || since > windowStart) return false;
  const [window] = await queryRows<{
    n: number;
    gpuN: number;
    gpuMax: number | null;
    firstAt: string;
    lastAt: string;
    maxGapMs: number | null;
  }>(
    db,
    sql`select count(*)::int as "n", count(gpu_percent)::int as "gpuN", max(gpu_percent) as "gpuMax",
          min(at) as "firstAt", max(at) as "lastAt", max(gap_ms)::float8 as "maxGapMs"
        from (select at, gpu_percent, extract(epoch from at - lag(at) over (order by at)) * 1000 as gap_ms
              from instance_metrics
              where instance_id = ${instance.id} and at >= ${windowStart.toISOString()}::timestamptz and at <= ${now.toISOString()}::timestamptz) w`,
  );
  if (!window || window.n === 0 || window.gpuN !== window.n || window.gpuMax === null) return false;
  const allowedGapMs = 2 * intervalMs;
  return (
    Number(window.gpuMax) < instance.idleStopPercent &&
    new Date(window.firstAt).getTime() - windowStart.getTime() <= allowedGapMs &&
    now.getTime() - new Date(window.lastAt).getTime() <= allowedGapMs &&
    (window.maxGapMs ?? 0) <= allowedGapMs
  );
}

/** Stops, like the user's own stop, every running instance whose GPUs stayed idle for its chosen time; tells the owner. */
export async function stopIdleInstances(app: FastifyInstance, now: Date): Promise<number> {
  const candidates = await app.db
    .select({ id: instances.id, idleStopMinutes: instances.idleStopMinutes, idleStopPercent: instances.idleStopPercent })
    .from(instances)
    .where(
      and(
        eq(instances.status, Status.running),
        isNull(instances.nextStatus),
        gt(instances.gpuHeld, 0),
        isNotNull(instances.idleStopMinutes),
      ),
    );
  const intervalMs = app.compute.settings.metricsIntervalMs;
  let stopped = 0;
  for (const candidate of candidates) {
    if (!(await idleThroughout(app.db, candidate, now, intervalMs))) continue;
    const done = await withLockedInstance(app, candidate.id, async (tx, row) => {
      if (!applies(row) || row.idleStopMinutes !== candidate.idleStopMinutes || row.idleStopPercent !== candidate.idleStopPercent)
        return false;
      const note = `GPU 利用率连续 ${row.idleStopMinutes} 分钟低于 ${row.idleStopPercent}%，已自动关机`;
      await stopInstance(tx, app.compute.driver, row, now);
      await recordInstanceEvent(tx, { instanceId: row.id, kind: 'idleAutoStop', actorUserId: null, fromStatus: row.status, note, at: now });
      await notify(tx, row.userId, '实例已闲置自动关机', `实例「${row.name}」的${note}，关机后不再计费，数据保留。`, now);
      return true;
    });
    if (done) stopped += 1;
  }
  return stopped;
}
