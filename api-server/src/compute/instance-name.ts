import { eq } from 'drizzle-orm';
import { instances, type Executor } from '../db/index.js';
import type { InstanceRow } from './instance-state.js';

/** A blank name keeps the old one. */
export async function renameInstance(tx: Executor, instance: InstanceRow, name: string) {
  await tx
    .update(instances)
    .set({ name: name.trim() || instance.name })
    .where(eq(instances.id, instance.id));
}
