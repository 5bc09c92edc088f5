import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, startDatabase } from './open-database.js';
import { queryRows } from './query-rows.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-open-database-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A migrations folder of the given migrations, in order. */
function migrationsOf(...texts: string[]): string {
  const folder = fs.mkdtempSync(path.join(scratch, 'migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = texts.map((text, index) => {
    const tag = `000${index}_step`;
    fs.writeFileSync(path.join(folder, `${tag}.sql`), text);
    return { idx: index, version: '7', when: index + 1, tag, breakpoints: true };
  });
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  return folder;
}

// A first open creates and migrates a PGlite cluster for these migrations (initdb in WebAssembly): 3–7 s a test on CI's
// PGlite pass, 25 s on its PostgreSQL pass beside the journeys, and past Vitest's 30 s once. 120 s, as the other suites
// on real engines get.
describe('the embedded database, opened while the server is built', { timeout: 120_000 }, () => {
  it('answers a statement sent before it is open and migrated, once it is', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'site-'));
    const migrations = migrationsOf('create table notes (id int primary key);');
    await (await openDatabase({ dataDir, migrations })).close();

    const later = migrationsOf('create table notes (id int primary key);', 'insert into notes values (7);');
    fs.cpSync(later, migrations, { recursive: true });
    const started = await startDatabase({ dataDir, migrations });
    // Sent before the second migration ran: it waits for it.
    const rows = queryRows<{ id: number }>(started.db, sql`select id from notes`);
    await started.ready;
    expect(await rows).toEqual([{ id: 7 }]);
    await started.close();
  });

  it('closes and unlocks its folder before it says a migration failed, and says it again at the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'site-'));
    const migrations = migrationsOf('create table notes (id int primary key);');
    await (await openDatabase({ dataDir, migrations })).close();

    fs.cpSync(migrationsOf('create table notes (id int primary key);', 'select * from no_such_table;'), migrations, { recursive: true });
    await expect(openDatabase({ dataDir, migrations })).rejects.toThrow('no_such_table');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    await expect(openDatabase({ dataDir, migrations })).rejects.toThrow('no_such_table');
  });
});
