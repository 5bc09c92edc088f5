import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api-server/src/db/open-database';

/**
 * Vitest global setup: the migrated PGlite database, made once for the run. Every server a journey starts begins
 * from a copy of it (RC_TEST_PGLITE_TEMPLATE, read by api-server/src/test-support/server-process.ts, reaches the
 * test workers, which start after this) and writes the demo data itself, at its own time.
 */
export default async function buildMigratedDatabase(): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-e2e-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  process.env.RC_TEST_PGLITE_TEMPLATE = path.join(dataDir, 'pglite');
  return () => rmSync(dataDir, { recursive: true, force: true });
}
