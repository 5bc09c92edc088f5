// The embedded database (PGlite) on a thread of its own, so that running SQL never holds up the server's event loop:
// on the main thread every statement (and the parsing of its answer) stopped every other request for its whole
// duration (issue 31). db/pglite-on-thread.ts is the other end. Plain JavaScript: a worker thread starts without the
// TypeScript loader that the server and the tests run under.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import { openPgliteFolder } from './pglite-folder.mjs';
import { PreparedStatements } from './pglite-statements.mjs';

const asText = (value) => value;
// The parsers drizzle hands PGlite with every query (drizzle-orm/pglite/session.js): dates, times and intervals stay
// PostgreSQL's text, as node-postgres gives them to drizzle on the other driver. Functions cannot cross threads.
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** What crosses back for a failed statement: the message and PostgreSQL's fields (code, constraint, detail…). */
function failure(error) {
  const fields = {};
  for (const [key, value] of Object.entries(error)) if (value === null || typeof value !== 'object') fields[key] = value;
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/** Open transactions by id: the statements sent for them, and how to end them. */
const transactions = new Map();

// V8 optimises a WebAssembly function once it has run a budget's worth of code: at V8's default (1,800,000) PostgreSQL's
// start alone had enough of them optimised to keep background threads busy for about 1 CPU-s, beside the server's own
// start on the same cores. A hundred times that budget still optimises the functions every query runs: a restart's
// first answer came after 2.5–2.7 s before, 1.8–2.2 s after, and list calls were as fast (issue 31, bench/server-start.ts
// and bench/list-calls.ts). V8's flags are the process's: other WebAssembly the process runs shares the budget.
v8.setFlagsFromString('--wasm-tiering-budget=180000000');

let pglite;
let statements;
try {
  // The first thread of a process compiles PGlite's WebAssembly and hands it back, for the later ones (pglite-on-thread.ts).
  const wasmModule =
    workerData.wasmModule ??
    (await WebAssembly.compile(await readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))));
  pglite = await openPgliteFolder(workerData.dataDir, wasmModule);
  statements = new PreparedStatements(pglite, 256, parsers);
  parentPort.postMessage({ id: 0, result: workerData.wasmModule ? null : { wasmModule } });
} catch (error) {
  parentPort.postMessage({ id: 0, error: failure(error) });
}

function answer(id, work) {
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: failure(error) }),
  );
}

/** A statement alone, or in the open transaction it names (which holds the database until it ends). */
async function query({ sql, params, rowMode, transaction }) {
  if (transaction !== undefined && !transactions.has(transaction)) throw new Error('the transaction has ended');
  const { rows, affectedRows, fields } = await statements.query(sql, params, { rowMode }, transaction !== undefined);
  return { rows, affectedRows, fields };
}

/** Opens a transaction that stays open (holding PGlite, as on the main thread) until `end` says commit or roll back. */
function begin(id) {
  let begun;
  const open = new Promise((resolve) => (begun = resolve));
  const ended = pglite.transaction(
    () =>
      new Promise((commit, rollBack) => {
        transactions.set(id, { commit, rollBack, ended });
        begun();
      }),
  );
  ended.catch(() => {}).finally(() => transactions.delete(id));
  // A BEGIN that fails settles `ended` before the transaction opens.
  return Promise.race([open, ended]);
}

function end({ transaction, commit }) {
  const open = transactions.get(transaction);
  if (commit) open.commit();
  else open.rollBack(new Error('rolled back'));
  // One that did not commit took back any plan_cache_mode set inside it: after any end the next statement sets it again.
  open.ended.catch(() => {}).finally(() => statements.forgetPlanMode());
  return open.ended.then(
    () => null,
    (error) => {
      if (commit) throw error;
      return null;
    },
  );
}

parentPort.on('message', (message) => {
  if (message.op === 'query') answer(message.id, query(message));
  else if (message.op === 'begin') answer(message.id, begin(message.id));
  else if (message.op === 'end') answer(message.id, end(message));
  else if (message.op === 'planGenerically') statements.planGenerically(message.sql);
  else if (message.op === 'close') answer(message.id, pglite.close());
});
