import { and, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InstanceListBody } from '@rc/api-contract/container/instance';
import { instances, preparedQuery, type Executor } from '../db/index.js';
import { listInstanceViews } from './instance-view.js';
import { Status } from './states.js';

/** How many live instances the user has, built once per database (the list's usual, unfiltered count). */
const liveCount = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.userId, sql.placeholder('userId')), ne(instances.status, Status.released)))
    .prepare('instance_live_count'),
);

/** The user's live instances, filtered by id, status and a name keyword. */
export async function instancePage(
  app: FastifyInstance,
  userId: number,
  body: InstanceListBody,
  window: { limit: number; offset: number },
) {
  const { status, keyword } = body;
  const where = and(
    body.id === undefined ? undefined : eq(instances.id, body.id),
    status === undefined ? undefined : eq(instances.status, status),
    keyword ? ilike(instances.name, `%${keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const list = await listInstanceViews(app, userId, { where, ...window });
  // A page shorter than the window is the last: it tells the total without counting (most users' only page).
  if (list.length < window.limit && (list.length > 0 || window.offset === 0)) return { list, total: window.offset + list.length };
  const [total] = where
    ? await app.db
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.userId, userId), ne(instances.status, Status.released), where))
    : await liveCount(app.db).execute({ userId });
  return { list, total: total?.n ?? 0 };
}

/** How many of the user's live instances are in each state, and in the groups the console counts. */
export async function instanceStatistics(db: Executor, userId: number) {
  const rows = await db
    .select({ status: instances.status, n: count() })
    .from(instances)
    .where(and(eq(instances.userId, userId), ne(instances.status, Status.released)))
    .groupBy(instances.status);
  const of = (...statuses: number[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    totalContainer: of(0, 1, 2, 3, 4, 5, 7, 8, 9),
    running: of(Status.running),
    stopped: of(Status.stopped),
    busy: of(Status.creating, Status.starting, Status.stopping, Status.releasing, Status.resetting, Status.committing),
    failed: of(Status.failed),
    byStatus: Object.fromEntries(rows.map((row) => [row.status, row.n])),
  };
}
