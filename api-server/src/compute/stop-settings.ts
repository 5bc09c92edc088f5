import { eq } from 'drizzle-orm';
import { instances, type Executor } from '../db/index.js';

/** Stops the instance `minutes` from now; 0 cancels a scheduled stop. */
export async function scheduleStop(tx: Executor, instanceId: number, minutes: number, now: Date) {
  await tx
    .update(instances)
    .set({ stopAt: minutes ? new Date(now.getTime() + minutes * 60_000) : null })
    .where(eq(instances.id, instanceId));
}

/** Stops the instance once its GPU use stays under `percent` for `minutes`; null minutes turns it off. */
export async function setIdleStop(tx: Executor, instanceId: number, minutes: number | null, percent: number) {
  await tx.update(instances).set({ idleStopMinutes: minutes, idleStopPercent: percent }).where(eq(instances.id, instanceId));
}
