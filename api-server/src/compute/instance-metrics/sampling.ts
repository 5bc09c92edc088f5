import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instanceMetrics, instances } from '../../db/index.js';
import { Status } from '../states.js';

/** Driver calls in flight at once (a real driver reads each container's statistics). */
const concurrentSamples = 8;
/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters, 7 per row). */
const rowsPerInsert = 5_000;

/** Samples every running instance through the driver and stores the readings, one insert per pass. Answers how many were stored. */
export async function recordSamples(app: FastifyInstance, now: Date): Promise<number> {
  const running = await app.db
    .select()
    .from(instances)
    .where(and(eq(instances.status, Status.running), isNull(instances.nextStatus)));
  const rows: (typeof instanceMetrics.$inferInsert)[] = [];
  for (let start = 0; start < running.length; start += concurrentSamples) {
    const batch = running.slice(start, start + concurrentSamples);
    const samples = await Promise.all(
      batch.map((instance) =>
        app.compute.driver.sample(instance).catch((error: unknown) => {
          app.log.warn({ err: error, instanceId: instance.id }, 'instance sample failed');
          return null;
        }),
      ),
    );
    samples.forEach((sample, index) => {
      if (sample) rows.push({ instanceId: batch[index]!.id, at: now, ...sample });
    });
  }
  for (let start = 0; start < rows.length; start += rowsPerInsert)
    await app.db
      .insert(instanceMetrics)
      .values(rows.slice(start, start + rowsPerInsert))
      .onConflictDoNothing();
  return rows.length;
}

/** Deletes samples older than the retention. */
export async function purgeOldSamples(app: FastifyInstance, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - app.compute.settings.metricsRetentionMs);
  const purged = await app.db.delete(instanceMetrics).where(lt(instanceMetrics.at, cutoff)).returning({ at: instanceMetrics.at });
  return purged.length;
}
