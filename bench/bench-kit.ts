// Helpers the server benchmarks share.
import type { Database } from '../api-server/src/db/open-database.js';

/** Raw SQL on the benchmark's database (PGlite or PostgreSQL), for seeding in bulk and reading query plans. */
export async function query(db: Database, text: string) {
  const client = (db as unknown as { $client: { query(text: string): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  return (await client.query(text)).rows;
}

/** The p-th percentile of ascending `sorted` timings. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
