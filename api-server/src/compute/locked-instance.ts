import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances, type Transaction } from '../db/index.js';
import { completeTransition, type InstanceRow } from './instance-state.js';

/** Runs `step` on one locked instance in its own transaction (skipped if it was released meanwhile). */
export async function withLockedInstance(app: FastifyInstance, id: number, step: (tx: Transaction, row: InstanceRow) => Promise<boolean>) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(instances).where(eq(instances.id, id)).for('update');
    if (!row) return false;
    return step(tx, await completeTransition(tx, app.compute.driver, row, app.clock.now()));
  });
}
