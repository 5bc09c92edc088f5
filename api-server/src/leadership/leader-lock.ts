import type pg from 'pg';

/** Which process runs the periodic jobs: at most one holds the lock at a time. */
export interface LeaderLock {
  /**
   * Tries to take the lock; true when this process now holds it. `lost` is called once if it is lost later
   * (the connection that holds it broke), after which the holder must stop its periodic work at once.
   */
  tryAcquire(lost: () => void): Promise<boolean>;
  /** While held: makes sure the lock still is (a broken connection calls `lost`). */
  check(): Promise<void>;
  release(): Promise<void>;
}

/** PGlite: the data-dir lock already keeps the server to one process, so that process leads. */
export const soleProcessLock: LeaderLock = {
  tryAcquire: async () => true,
  check: async () => {},
  release: async () => {},
};

/** One fixed key for "runs the periodic jobs"; the migrations take another (db/open-database.ts). */
export const schedulerLockKey = 7_240_312;
/** How the leader's lock connection is named in pg_stat_activity, before the replica's id. */
export const leaderConnectionPrefix = 'suanli-leader ';
const answerTimeoutMs = 10_000;

/**
 * A session-level advisory lock on a connection of its own: PostgreSQL frees it when that connection
 * closes, so a replica that dies (or whose connection is cut) hands the lock to the next one that asks.
 */
export class PostgresLeaderLock implements LeaderLock {
  #client: pg.Client | null = null;
  #lost: (() => void) | null = null;

  /** `holder` names this process in pg_stat_activity's application_name (`suanli-leader <holder>`), so anyone can see who leads. */
  constructor(
    private readonly connectionString: string,
    private readonly holder: string,
  ) {}

  async tryAcquire(lost: () => void): Promise<boolean> {
    const client = await this.#connection();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [schedulerLockKey]);
    if (rows[0]?.locked) this.#lost = lost;
    return Boolean(rows[0]?.locked);
  }

  async check(): Promise<void> {
    const client = this.#client;
    try {
      await client?.query('select 1');
    } catch {
      if (client) this.#drop(client);
    }
  }

  async release(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#lost = null;
    await client?.end().catch(() => {});
  }

  async #connection(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    // pg is imported here, not at start-up: a PGlite site never loads it (issue 31).
    const { Client } = (await import('pg')).default;
    // A connection that stops answering counts as lost: the leader must not go on believing it leads.
    const client = new Client({
      connectionString: this.connectionString,
      application_name: leaderConnectionPrefix + this.holder,
      keepAlive: true,
      connectionTimeoutMillis: answerTimeoutMs,
      query_timeout: answerTimeoutMs,
    });
    client.on('error', () => this.#drop(client));
    client.on('end', () => this.#drop(client));
    await client.connect();
    this.#client = client;
    return client;
  }

  /** The connection is gone, and the lock with it. */
  #drop(client: pg.Client) {
    if (this.#client !== client) return;
    client.end().catch(() => {});
    const lost = this.#lost;
    this.#client = null;
    this.#lost = null;
    lost?.();
  }
}

export function createLeaderLock(config: { databaseUrl: string | undefined; replicaId: string }): LeaderLock {
  return config.databaseUrl ? new PostgresLeaderLock(config.databaseUrl, config.replicaId) : soleProcessLock;
}
