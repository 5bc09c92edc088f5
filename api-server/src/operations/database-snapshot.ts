import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows, migrationTags } from '../db/index.js';

/** One table of a snapshot: its rows as JSON lines (`row_to_json`, values exactly as PostgreSQL writes them) in `file`. */
export interface TableSnapshot {
  name: string;
  columns: string[];
  rows: number;
  /** Of the file's bytes. */
  sha256: string;
  /** Relative to the snapshot folder. */
  file: string;
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Everything in the database's `public` schema at one moment, engine-neutral: PGlite and PostgreSQL write and read the same. */
export interface DatabaseSnapshot {
  /** The migrations the database had, oldest first (their tags in db/migrations/meta/_journal.json). */
  migrations: string[];
  tables: TableSnapshot[];
  sequences: SequenceState[];
}

export class SnapshotMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotMismatchError';
  }
}

const fetchSize = 2000;
/** Rows per insert statement stay under this many bytes of JSON. */
const insertBatchBytes = 4 * 1024 * 1024;

/**
 * Writes every table and sequence to `dir/database/` from one repeatable-read transaction: a consistent snapshot
 * while the server keeps writing (on PGlite its other queries wait for the dump's transaction).
 */
export async function dumpDatabase(db: Database, dir: string): Promise<DatabaseSnapshot> {
  fs.mkdirSync(path.join(dir, 'database'), { recursive: true });
  return db.transaction(
    async (tx) => {
      const migrations = await appliedMigrations(tx);
      const tables: TableSnapshot[] = [];
      for (const { name, columns } of await publicTables(tx)) {
        const file = path.join('database', `${name}.jsonl`);
        const { rows, sha256 } = await dumpTable(tx, name, path.join(dir, file));
        tables.push({ name, columns, rows, sha256, file });
      }
      return { migrations, tables, sequences: await sequenceStates(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(tx: Executor, table: string, file: string): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  const out = await fs.promises.open(file, 'w');
  let rows = 0;
  try {
    await tx.execute(sql`declare table_snapshot no scroll cursor for select row_to_json(t)::text as line from ${sql.identifier(table)} t`);
    for (;;) {
      const batch = await queryRows<{ line: string }>(tx, sql.raw(`fetch forward ${fetchSize} from table_snapshot`));
      if (batch.length === 0) break;
      const chunk = batch.map((row) => `${row.line}\n`).join('');
      hash.update(chunk);
      await out.write(chunk);
      rows += batch.length;
    }
    await tx.execute(sql`close table_snapshot`);
  } finally {
    await out.close();
  }
  return { rows, sha256: hash.digest('hex') };
}

/** The tables of the `public` schema with their stored (not generated) columns, by name. */
async function publicTables(db: Executor): Promise<Array<{ name: string; columns: string[] }>> {
  return queryRows(
    db,
    sql`select c.relname::text as name, json_agg(a.attname::text order by a.attnum) as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname
        order by c.relname`,
  );
}

async function sequenceStates(db: Executor): Promise<SequenceState[]> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [state] = await queryRows<{ lastValue: string; isCalled: boolean }>(
      db,
      sql`select last_value::text as "lastValue", is_called as "isCalled" from ${sql.identifier(name)}`,
    );
    states.push({ name, ...state! });
  }
  return states;
}

async function appliedMigrations(db: Executor): Promise<string[]> {
  const applied = await queryRows<{ when: string }>(
    db,
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by id`,
  );
  const tags = migrationTags();
  return applied.map(({ when }) => {
    const tag = tags.find((entry) => String(entry.when) === when)?.tag;
    if (!tag) throw new SnapshotMismatchError(`the database has a migration (${when}) this version of the server does not know`);
    return tag;
  });
}

/** True when the database holds a site's data (someone's account), as opposed to freshly migrated tables. */
export async function databaseHoldsData(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ held: boolean }>(db, sql`select exists (select 1 from users) as held`);
  return Boolean(row?.held);
}

/**
 * Replaces every table the snapshot holds with its rows and sets the sequences, in one transaction: the database
 * ends as the snapshot was, or unchanged. The database must have exactly the snapshot's migrations. Foreign keys are
 * dropped for the load and added back (checked against the loaded rows), and triggers do not fire (the snapshot
 * already holds what they wrote).
 */
export async function loadDatabase(db: Database, dir: string, snapshot: DatabaseSnapshot): Promise<void> {
  await db.transaction(async (tx) => {
    const here = await appliedMigrations(tx);
    if (here.join() !== snapshot.migrations.join()) {
      throw new SnapshotMismatchError(
        `the database has migrations up to ${here.at(-1) ?? '(none)'}, the snapshot up to ${snapshot.migrations.at(-1) ?? '(none)'}`,
      );
    }
    const columnsHere = new Map((await publicTables(tx)).map((table) => [table.name, table.columns]));
    const missing = snapshot.tables.filter((table) => !columnsHere.has(table.name)).map((table) => table.name);
    if (missing.length) throw new SnapshotMismatchError(`tables of the snapshot missing here: ${missing.join(', ')}`);

    const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
      tx,
      sql`select cl.relname::text as "table", co.conname::text as name, pg_get_constraintdef(co.oid) as definition
          from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
          where co.contype = 'f' and n.nspname = 'public'`,
    );
    for (const key of foreignKeys)
      await tx.execute(sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`);
    for (const table of snapshot.tables) await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
    await tx.execute(
      sql`truncate table ${sql.join(
        snapshot.tables.map((table) => sql.identifier(table.name)),
        sql`, `,
      )}`,
    );

    for (const table of snapshot.tables) {
      const columns = table.columns.filter((column) => columnsHere.get(table.name)!.includes(column));
      await loadTable(tx, table.name, columns, path.join(dir, table.file));
    }
    for (const sequence of snapshot.sequences) {
      await tx.execute(sql`select setval(${quotedName(sequence.name)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`);
    }

    for (const table of snapshot.tables) await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`);
    for (const key of foreignKeys) {
      await tx.execute(sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`);
    }
  });
}

/** A relation's name as SQL text writes it, for a `::regclass` cast of a bound value. */
function quotedName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function loadTable(tx: Executor, table: string, columns: string[], file: string): Promise<void> {
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const insert = (lines: string[]) =>
    tx.execute(
      sql`insert into ${sql.identifier(table)} (${columnList}) overriding system value
          select ${columnList} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${lines.join(',')}]`}::json)`,
    );
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (bytes >= insertBatchBytes || batch.length >= fetchSize) {
      await insert(batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length) await insert(batch);
}

/** Rows per table, for comparing two databases after a copy. */
export async function tableRowCounts(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of await publicTables(db)) {
    const [row] = await queryRows<{ count: string }>(db, sql`select count(*)::text as count from ${sql.identifier(name)}`);
    counts[name] = Number(row!.count);
  }
  return counts;
}
