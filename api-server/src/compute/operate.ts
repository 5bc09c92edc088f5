import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from '../db/open-database.js';
import { ok } from '../envelope.js';
import { currentUser } from '../plugins/app/authentication.js';
import { lockInstance, type InstanceRow } from './instance-state.js';
import { instanceView } from './instance-view.js';
import type { Operation } from './operations.js';

/**
 * Runs `operation` on the caller's instance in one transaction (locked, its finished transition
 * applied, refused with the reason when the state does not allow it) and answers the instance as
 * it now is.
 */
export async function operateOnInstance(
  app: FastifyInstance,
  request: FastifyRequest,
  o: { id: number; operation: Operation; msg: string },
  work: (tx: Transaction, instance: InstanceRow, now: Date) => Promise<unknown>,
) {
  const user = currentUser(request);
  const now = app.clock.now();
  await app.db.transaction(async (tx) =>
    work(tx, await lockInstance(tx, app.compute.driver, { userId: user.id, id: o.id, operation: o.operation, now }), now),
  );
  return ok(await instanceView(app, user.id, o.id), o.msg);
}
