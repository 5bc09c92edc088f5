// Named prepared statements on PGlite, for the database's thread (pglite-thread.mjs). Plain JavaScript, as that thread is.
import { parse, protocol } from '@electric-sql/pglite';
import { readAnswer } from './pglite-answers.mjs';

const { serialize } = protocol;

/** The protocol messages as one buffer: PGlite runs every message of a buffer in one call into the database. */
function messagesOf(...messages) {
  const buffer = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    buffer.set(message, offset);
    offset += message.length;
  }
  return buffer;
}

/**
 * Runs each SQL text as a named prepared statement: parsed and described by PostgreSQL once (planned once too where
 * `planGenerically` says so), then bound and run in one call into the database. PGlite's own `query` parses, describes
 * and plans the text again every time, in six calls, which took about half of a list call's time on the database thread
 * (issue 31). The `limit` most recently used texts stay prepared; the statement of an older one is closed. Locks,
 * serializers and parsers are PGlite's own, as its `query` uses them, with the parsers given here over them.
 */
export class PreparedStatements {
  /** @type {Map<string, { name: string; paramTypes: number[] }>} by SQL text, least recently used first */
  #statements = new Map();
  #lastNumber = 0;
  /** @type {Set<string>} SQL texts run with a generic plan (planGenerically) */
  #generic = new Set();
  /** @type {'force_custom_plan' | 'force_generic_plan' | null} the session's plan_cache_mode, null when not known */
  #planMode = null;

  /**
   * @param {import('@electric-sql/pglite').PGlite} pglite
   * @param {number} limit
   * @param {Record<number, (text: string) => unknown>} parsers by type id, over PGlite's own
   */
  constructor(pglite, limit, parsers) {
    this.pglite = pglite;
    this.limit = limit;
    // Merged once: handed `parsers` with each answer, PGlite's parseResults copies its 318 parsers into a new object
    // every time, which made parsing a 1-row answer take 140 µs instead of 6.5 (issue 31).
    this.parsers = { ...pglite.parsers, ...parsers };
  }

  /**
   * Runs `sql` with a generic plan from its first run on, where every other statement is planned for its values on
   * every run, as node-postgres's unnamed statements are on PostgreSQL. PostgreSQL's own choice (plan_cache_mode auto)
   * went either way: it planned a page with `limit $1 offset $2` or `status <> $1` again on every run, a third of the
   * database thread's time on the hot list calls, and from its sixth run on it planned the site search for no keyword
   * in particular, which walked every match of a common word where the plan for that word walks its newest 1,001
   * (p99 181 ms against 16 ms on 100k posts; issue 31). For statements whose best plan does not depend on their values.
   * @param {string} sql
   */
  planGenerically(sql) {
    this.#generic.add(sql);
  }

  /** A transaction that did not commit took back any plan_cache_mode set inside it: the next statement sets it again. */
  forgetPlanMode() {
    this.#planMode = null;
  }

  /**
   * What PGlite's `query` answers: outside a transaction once none is open, inside the open one when `inTransaction`
   * (whose holder is the caller).
   * @param {string} sql
   * @param {unknown[]} params
   * @param {{ rowMode: 'array' | 'object' }} options
   */
  query(sql, params, options, inTransaction) {
    const run = () => this.#run(sql, params, options, !inTransaction);
    return inTransaction
      ? this.pglite._runExclusiveQuery(run)
      : this.pglite._runExclusiveTransaction(() => this.pglite._runExclusiveQuery(run));
  }

  async #run(sql, params, options, syncToFs) {
    const statement = await this.#statementOf(sql);
    const values = params.map((value, index) =>
      value === null || value === undefined ? null : (this.pglite.serializers[statement.paramTypes[index]] ?? String)(value),
    );
    const planMode = this.#generic.has(sql) ? 'force_generic_plan' : 'force_custom_plan';
    const setPlanMode = planMode === this.#planMode ? [] : [serialize.query(`set plan_cache_mode = ${planMode}`)];
    this.#planMode = planMode;
    const chunks = [];
    await this.pglite.execProtocolRawStream(
      messagesOf(
        ...setPlanMode,
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      // Each chunk is a view of the database's memory, which the next call reuses.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    if (syncToFs) await this.pglite.syncToFs();
    return readAnswer(chunks.length === 1 ? chunks[0] : messagesOf(...chunks), this.parsers, options.rowMode);
  }

  async #statementOf(sql) {
    const known = this.#statements.get(sql);
    if (known) {
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    const name = `rc_statement_${++this.#lastNumber}`;
    const { messages } = await this.pglite.execProtocol(
      messagesOf(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.limit) {
      const [[oldestSql, oldest]] = this.#statements;
      this.#statements.delete(oldestSql);
      await this.pglite.execProtocol(messagesOf(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()), {
        syncToFs: false,
        throwOnError: false,
      });
    }
    return statement;
  }
}
