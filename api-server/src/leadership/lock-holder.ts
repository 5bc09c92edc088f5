import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/index.js';
import { leaderConnectionPrefix, schedulerLockKey } from './leader-lock.js';

/**
 * Who holds the scheduler lock on this database, seen from any replica: the replica id its lock connection
 * names (or its backend pid when it names none), null when nobody does — and always on PGlite, where the one
 * process leads without taking the lock. A bigint advisory key shows in pg_locks as classid (high half),
 * objid (low half) and objsubid 1.
 */
export async function schedulerLockHolder(db: Database): Promise<string | null> {
  const [holder] = await queryRows<{ pid: number; name: string | null }>(
    db,
    sql`select l.pid, a.application_name as name
        from pg_locks l left join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = ${schedulerLockKey} and l.objsubid = 1
          and l.database = (select oid from pg_database where datname = current_database())`,
  );
  if (!holder) return null;
  return holder.name?.startsWith(leaderConnectionPrefix) ? holder.name.slice(leaderConnectionPrefix.length) : `pid ${holder.pid}`;
}
