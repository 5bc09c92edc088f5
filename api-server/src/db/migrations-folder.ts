import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface JournalEntry {
  tag: string;
  /** Drizzle records it as the migration's `created_at`. */
  when: number;
}

interface Journal {
  entries: JournalEntry[];
}

function readJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** When the newest migration of `folder` was made: drizzle applies only the migrations made after the last it recorded. */
export function newestMigrationAt(folder: string): number {
  return Math.max(...readJournal(folder).entries.map((entry) => entry.when));
}

/** This version's migrations, oldest first. */
export function migrationTags(): JournalEntry[] {
  return readJournal(migrationsFolder).entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * A temporary copy of the migrations folder that ends with `lastTag`: a database migrated from it is as an older
 * version left it, and the full folder migrates it on from there. The caller removes the folder.
 */
export function migrationsUpTo(lastTag: string): string {
  const journal = readJournal(migrationsFolder);
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`unknown migration ${lastTag}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}
