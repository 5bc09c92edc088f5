import { and, eq, inArray, or } from 'drizzle-orm';
import { instances, users, type Executor } from '../../db/index.js';
import { notFound } from '../../errors.js';
import { Status } from '../states.js';

/**
 * The instances whose pages `holderId` may open: the holder's own, and those of the holder's sub-accounts that share
 * the holder's balance. Read at each request, so a sub-account that stops sharing or is detached shuts its main
 * account out at once; a sub-account never reaches its main account's instances or a sibling's.
 */
export function pagesOpenTo(db: Executor, holderId: number) {
  const sharingSubAccounts = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, holderId), eq(users.shareBalance, true)));
  return or(eq(instances.userId, holderId), inArray(instances.userId, sharingSubAccounts))!;
}

/** The instance `id` when its pages are open to `holderId`; undefined for any other. */
export async function instanceOpenTo(db: Executor, holderId: number, id: number) {
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.id, id), pagesOpenTo(db, holderId)));
  return row;
}

/** The instance `id`, not released, whose pages are open to `holderId`; 「实例不存在」 for any other. */
export async function liveInstanceOpenTo(db: Executor, holderId: number, id: number) {
  const row = await instanceOpenTo(db, holderId, id);
  if (!row || row.status === Status.released) throw notFound('实例不存在');
  return row;
}
