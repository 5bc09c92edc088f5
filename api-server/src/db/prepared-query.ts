import type { Database } from './open-database.js';
import { PgliteOnThread } from './pglite-on-thread.js';

/**
 * A query drizzle builds once per database and then runs with placeholders (`sql.placeholder`): building the same
 * SQL on every request was the largest cost of our own on a PostgreSQL list call (issue 31). On PostgreSQL the named
 * statement is also parsed once per connection; on PGlite it is also planned once (PgliteOnThread.planGenerically), so
 * its best plan must not depend on the values. For the hot paths only; `build` must end with `.prepare(name)`.
 */
export function preparedQuery<Prepared extends { getQuery(): { sql: string } }>(
  build: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const built = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
      const client: unknown = (db as { $client?: unknown }).$client;
      if (client instanceof PgliteOnThread) client.planGenerically(prepared.getQuery().sql);
    }
    return prepared;
  };
}
