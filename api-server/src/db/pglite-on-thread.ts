import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

interface Failure {
  message: string;
  fields: Record<string, unknown>;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: Failure;
}

interface Results {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

type RowMode = 'array' | 'object';

/**
 * PGlite's WebAssembly, compiled once per process: by the first thread that opens a database, which hands it back to
 * be given to every later one. A thread that compiled its own took about 0.5 CPU-s more to open a database and 0.2 more
 * to close it, the code V8 optimised for an earlier thread being thrown away with it: a test file opens one database at
 * least (issue 28). Compiled on the first thread rather than here: this thread then starts it at once, and loads the
 * rest of the server while the database opens (issue 31).
 */
let compiledPglite: WebAssembly.Module | undefined;

/**
 * PGlite on a worker thread (`pglite-thread.mjs`), answering the calls drizzle-orm/pglite makes of a PGlite: `query`
 * and `transaction`. Statements still run one at a time, as PGlite runs them, but the server's event loop goes on
 * serving other requests while they run. Dates, times and intervals come back as text, the way drizzle asks for them.
 */
export class PgliteOnThread {
  private readonly waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  private stopped: Error | null = null;
  /** Settles once the thread opened the database (`start`). */
  opened: Promise<void> = Promise.resolve();
  /** What statements wait for before they are sent (`setUpWith`), null once it is done. */
  private held: Promise<void> | null = null;

  private constructor(private readonly thread: Worker) {
    thread.on('message', ({ id, result, error }: Reply) => {
      const waiter = this.waiting.get(id);
      if (!waiter) return;
      this.settled(id);
      if (error) waiter.reject(Object.assign(new Error(error.message), error.fields));
      else waiter.resolve(result);
    });
    thread.on('error', (error) => this.stop(error));
    thread.on('exit', (code) => this.stop(new Error(`the PGlite thread exited (code ${code})`)));
    thread.unref();
  }

  /**
   * Starts PGlite on a new thread for the database in `folder` (created when missing): statements may be sent at once,
   * the thread answers them once the database is open; `opened` says when that is, or why it failed.
   */
  static start(folder: string): PgliteOnThread {
    const thread = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: { dataDir: folder, wasmModule: compiledPglite },
      // The thread's objects live for one statement: with a young generation of 8 MB instead of V8's default (48 MB on
      // 64-bit) the idle server held about 15 MB less after list calls, which ran as fast (issue 31).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    const client = new PgliteOnThread(thread);
    // Message 0 is the thread's own: the database opened (with the module it compiled, if it was given none), or why not.
    client.opened = client.waitFor(0).then(
      (opened) => {
        compiledPglite ??= (opened as { wasmModule?: WebAssembly.Module } | null)?.wasmModule;
      },
      async (error: unknown) => {
        await thread.terminate();
        throw error;
      },
    );
    return client;
  }

  /** Opens the PGlite database in `folder` (created when missing) on a new thread. */
  static async open(folder: string): Promise<PgliteOnThread> {
    const client = PgliteOnThread.start(folder);
    await client.opened;
    return client;
  }

  /**
   * Holds every statement sent through this client until `setup` has run on the open database with the client it is
   * given, which is not held (the migrations run there while the rest of the server is built, issue 31); if it fails,
   * they fail with its error.
   */
  setUpWith(setup: (client: PGlite) => Promise<void>): Promise<void> {
    const direct = { query: this.sendQuery.bind(this), transaction: this.runTransaction.bind(this) };
    const done = this.opened.then(() => setup(direct as unknown as PGlite));
    this.held = done;
    done.then(
      () => {
        if (this.held === done) this.held = null;
      },
      () => {},
    );
    return done;
  }

  /** The client drizzle-orm/pglite takes. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  query(sql: string, params: unknown[] = [], options: { rowMode?: RowMode } = {}): Promise<Results> {
    return this.held ? this.held.then(() => this.sendQuery(sql, params, options)) : this.sendQuery(sql, params, options);
  }

  private sendQuery(sql: string, params: unknown[] = [], options: { rowMode?: RowMode } = {}): Promise<Results> {
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object' }) as Promise<Results>;
  }

  /** Runs `sql` with a generic plan from its first run on (pglite-statements.mjs says when that is right). */
  planGenerically(sql: string): void {
    this.thread.postMessage({ op: 'planGenerically', sql });
  }

  /** Runs `work` in one transaction, which holds the database as PGlite's own does: other statements wait for its end. */
  transaction<T>(work: (tx: { query: PgliteOnThread['query'] }) => Promise<T>): Promise<T> {
    return this.held ? this.held.then(() => this.runTransaction(work)) : this.runTransaction(work);
  }

  private async runTransaction<T>(work: (tx: { query: PgliteOnThread['query'] }) => Promise<T>): Promise<T> {
    const transaction = ++this.lastId;
    await this.send({ op: 'begin' }, transaction);
    let result: T;
    try {
      result = await work({
        query: (sql, params = [], options = {}) =>
          this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', transaction }) as Promise<Results>,
      });
    } catch (error) {
      await this.send({ op: 'end', transaction, commit: false });
      throw error;
    }
    await this.send({ op: 'end', transaction, commit: true });
    return result;
  }

  async close(): Promise<void> {
    await this.send({ op: 'close' });
    await this.thread.terminate();
  }

  private send(message: Record<string, unknown>, id = ++this.lastId): Promise<unknown> {
    const reply = this.waitFor(id);
    this.thread.postMessage({ ...message, id });
    return reply;
  }

  /** The thread keeps the process alive only while an answer is awaited (a script's last query still gets its answer). */
  private waitFor(id: number): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.waiting.size === 0) this.thread.ref();
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.thread.unref();
  }

  /** Anything still waiting fails rather than hangs once the thread is gone. */
  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const { reject } of this.waiting.values()) reject(this.stopped);
    this.waiting.clear();
  }
}
