import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteOnThread } from './pglite-on-thread.js';

describe('PGlite on its own thread', () => {
  let folder: string;
  let client: PgliteOnThread;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pglite-thread-'));
    client = await PgliteOnThread.open(path.join(folder, 'pglite'));
    await client.query('create table notes (id int primary key, body text not null, at timestamptz not null default now())');
  });
  afterAll(async () => {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the event loop turning while a statement runs', async () => {
    let turns = 0;
    let running = true;
    const statement = client.query('select count(*)::int as n from generate_series(1, 1000000)').finally(() => (running = false));
    while (running) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect((await statement).rows).toEqual([{ n: 1_000_000 }]);
    // On the main thread PGlite ran the whole statement inside one turn, after every turn scheduled before it.
    expect(turns).toBeGreaterThan(1);
  });

  it('answers in rows or arrays, with dates as PostgreSQL text', async () => {
    await client.query(`insert into notes (id, body, at) values ($1, $2, '2026-11-29 10:00:00+00')`, [1, '第一条']);
    const objects = await client.query('select id, body, at from notes where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, body: '第一条', at: '2026-11-29 10:00:00+00' }]);
    const arrays = await client.query('select id, body from notes where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, '第一条']]);
  });

  it('reads an answer larger than the database sends at once, and counts the rows a statement changed', async () => {
    const { rows } = await client.query(`select n, repeat('数', 100) as text from generate_series(1, 20000) as n`, [], {
      rowMode: 'array',
    });
    expect(rows).toHaveLength(20_000);
    expect(rows.at(-1)).toEqual([20_000, '数'.repeat(100)]);
    const changed = await client.query(`update notes set body = body where id = $1`, [1]);
    expect(changed).toMatchObject({ affectedRows: 1, rows: [] });
  });

  it('passes PostgreSQL error fields back with the error', async () => {
    const failure = await client.query('insert into notes (id, body) values (1, $1)', ['重复']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
  });

  it('commits a transaction that ends, rolls back one that throws, while other statements wait their turn', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into notes (id, body) values (2, '提交')`);
    });
    const outside = client.query('select count(*)::int as n from notes');
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into notes (id, body) values (3, '回滚')`);
        throw new Error('放弃');
      }),
    ).rejects.toThrow('放弃');
    expect((await outside).rows).toEqual([{ n: 2 }]);
    expect((await client.query('select id from notes order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('prepares each text once and keeps the 256 most recently used prepared', async () => {
    const prepared = async (text: string) =>
      (await client.query('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows;
    const text = 'select $1::int + 1 as n';
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared(text)).toEqual([{ n: 1 }]);

    for (let i = 0; i < 300; i += 1) expect((await client.query(`select ${i} as n`)).rows).toEqual([{ n: i }]);
    const { rows } = await client.query('select count(*)::int as n from pg_prepared_statements');
    expect(rows).toEqual([{ n: 256 }]);
    expect(await prepared('select 299 as n')).toEqual([{ n: 1 }]);
    expect(await prepared(text)).toEqual([{ n: 0 }]);
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
  });

  it('runs a statement first prepared in a transaction that rolled back', async () => {
    const text = 'select count(*)::int as n from notes where body = $1';
    await expect(
      client.transaction(async (tx) => {
        expect((await tx.query(text, ['提交'])).rows).toEqual([{ n: 1 }]);
        throw new Error('放弃');
      }),
    ).rejects.toThrow('放弃');
    expect((await client.query(text, ['提交'])).rows).toEqual([{ n: 1 }]);
  });
  it('plans a statement marked for it generically from its first run, every other one for its values on every run, after a rollback too', async () => {
    const plans = async (text: string) =>
      (
        await client.query(
          'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1',
          [text],
        )
      ).rows[0];
    const marked = 'select id from notes where id > $1 order by id limit $2 offset $3';
    // PostgreSQL's own choice (plan_cache_mode auto) plans this one generically from its sixth run on.
    const unmarked = 'select id from notes where id = $1';
    client.planGenerically(marked);
    for (let run = 0; run < 7; run += 1) {
      expect((await client.query(marked, [1, 10, 0])).rows).toEqual([{ id: 2 }]);
      expect((await client.query(unmarked, [2])).rows).toEqual([{ id: 2 }]);
    }
    expect(await plans(marked)).toEqual({ generic: 7, custom: 0 });
    expect(await plans(unmarked)).toEqual({ generic: 0, custom: 7 });

    // The plan mode set inside a transaction that rolls back is set again after it, for either kind of statement.
    const runMarkedAndRollBack = () =>
      expect(
        client.transaction(async (tx) => {
          await tx.query(marked, [1, 10, 0]);
          throw new Error('放弃');
        }),
      ).rejects.toThrow('放弃');
    await client.query(unmarked, [2]);
    await runMarkedAndRollBack();
    await client.query(marked, [1, 10, 0]);
    expect(await plans(marked)).toEqual({ generic: 9, custom: 0 });
    await runMarkedAndRollBack();
    await client.query(unmarked, [2]);
    expect(await plans(unmarked)).toEqual({ generic: 0, custom: 9 });
  });
});

// Each test creates a PGlite cluster (initdb in WebAssembly): 18–27 s a test on a loaded CI machine, near Vitest's 30 s.
// 120 s, as the other suites on real engines get.
describe('PGlite on its own thread, used while it opens', { timeout: 120_000 }, () => {
  const folders: string[] = [];
  const started: PgliteOnThread[] = [];
  const start = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pglite-starting-'));
    folders.push(folder);
    const client = PgliteOnThread.start(path.join(folder, 'pglite'));
    started.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(started.map((client) => client.close().catch(() => {})));
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('answers a statement sent before the database is open, once it is', async () => {
    const client = start();
    const answer = client.query('select 1 + 1 as n');
    await client.opened;
    expect((await answer).rows).toEqual([{ n: 2 }]);
  });

  it('holds statements and transactions sent after its setup began until the setup ran, which alone reaches the database meanwhile', async () => {
    const client = start();
    const setUp = client.setUpWith(async (direct) => {
      await direct.query('create table steps (n int not null)');
      await direct.query('insert into steps values (1)');
    });
    // Sent at once, these would reach the thread before the setup's statements and find no table.
    const inserted = client.transaction((tx) => tx.query('insert into steps values (2)'));
    const read = client.query('select array_agg(n order by n) as steps from steps');
    await setUp;
    await inserted;
    expect((await read).rows).toEqual([{ steps: [1, 2] }]);
  });

  it('fails the statements it held with the error its setup failed with', async () => {
    const client = start();
    const setUp = client.setUpWith(async (direct) => {
      await direct.query('select * from no_such_table');
    });
    const held = client.query('select 1 as n');
    await expect(setUp).rejects.toThrow('no_such_table');
    await expect(held).rejects.toThrow('no_such_table');
  });
});
