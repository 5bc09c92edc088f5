import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/index.js';

/**
 * Vitest global setup of the journeys (the api-server suites' database-template.ts runs it too): opens a database in
 * a scratch folder once, so that the migrated PGlite cluster every new database folder is copied from
 * (db/pglite-clusters.ts) exists before the tests start servers, which would otherwise each create it at once. Not on
 * the PostgreSQL pass, where such a server gets an empty database of its own.
 */
export default async function buildMigratedDatabase(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-migrated-'));
  try {
    await (await openDatabase({ dataDir })).close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
