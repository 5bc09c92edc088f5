import type { SQL } from 'drizzle-orm';
import type { Executor } from './open-database.js';

/** Runs raw SQL and returns its rows; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
