import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/index.js';

/**
 * Vitest global setup of the journeys (the api-server suites' database-template.ts runs it too): the migrated PGlite
 * database, made once for the run.
 * Every server process a test starts on a fresh data folder begins from a copy of it (RC_TEST_PGLITE_TEMPLATE, read by
 * test-support/server-process.ts, reaches the test workers, which start after this) and writes the demo data itself,
 * at its own time; creating and migrating a database took each of them about 5 s. Not on the PostgreSQL pass, where
 * such a server gets an empty database of its own.
 */
export default async function buildMigratedDatabase(): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-migrated-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env.RC_TEST_PGLITE_TEMPLATE = path.join(dataDir, 'pglite');
  return () => rmSync(dataDir, { recursive: true, force: true });
}
