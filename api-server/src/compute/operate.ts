import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from '../db/index.js';
import { ok } from '../envelope.js';
import { currentUser } from '../accounts/index.js';
import { recordInstanceEvent } from './instance-events.js';
import { lockInstance, type InstanceRow } from './instance-state.js';
import { instanceView } from './instance-view.js';
import type { Operation } from './operations.js';

/**
 * Runs `operation` on the caller's instance in one transaction (locked, its finished transition
 * applied, refused with the reason when the state does not allow it), records it in the instance's
 * 状态记录 with `note`, and answers the instance as it now is.
 */
export async function operateOnInstance(
  app: FastifyInstance,
  request: FastifyRequest,
  o: { id: number; operation: Operation; msg: string; note?: (instance: InstanceRow) => string },
  work: (tx: Transaction, instance: InstanceRow, now: Date) => Promise<unknown>,
) {
  const user = currentUser(request);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const instance = await lockInstance(tx, app.compute.driver, { userId: user.id, id: o.id, operation: o.operation, now });
    const before = { ...instance };
    await work(tx, instance, now);
    await recordInstanceEvent(tx, {
      instanceId: o.id,
      kind: o.operation,
      actorUserId: user.id,
      fromStatus: before.status,
      note: o.note?.(before),
      at: now,
    });
  });
  return ok(await instanceView(app, user.id, o.id), o.msg);
}
