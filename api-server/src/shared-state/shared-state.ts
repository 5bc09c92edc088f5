import type { RateLimiter } from '../lib/index.js';

/**
 * What the server's replicas share besides the database: one process keeps it in memory, several share it through
 * Redis (`REDIS_URL`). Every implementation passes `shared-state-contract.test.ts`.
 */
export interface SharedState {
  readonly kind: 'in-process' | 'redis';
  /** Counters a cached copy is checked against: the copy is fresh while its key's version is the one it was read at. */
  readonly versions: VersionCounters;
  /** Fixed-window hit counters (logins, SMS codes, posts). */
  readonly rateLimiter: RateLimiter;
  /** Values kept for a while under a key (answers of public calls that are costly to compute). */
  readonly cache: SharedCache;
  /** Per-stream event logs that every replica hears (the pushes to browsers), kept for a while so a client can resume. */
  readonly events: EventStreams;
  close(): Promise<void>;
}

export interface VersionCounters {
  /** The key's version now; 0 for a key never bumped. */
  current(key: string): Promise<number>;
  /** Several keys' versions in one round trip, in the order asked. */
  currentMany(keys: string[]): Promise<number[]>;
  /** Moves each key to a new version; a copy read before the bump is stale from the moment this resolves, on every replica. */
  bump(keys: string[]): Promise<void>;
}

export interface SharedCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads the value and forgets it in one step: of callers racing on any replica, at most one gets it (single-use tickets). */
  take(key: string): Promise<string | undefined>;
  delete(keys: string[]): Promise<void>;
}

export interface StreamEvent {
  /** Opaque and increasing within its stream: the SSE event id a client resumes from. */
  id: string;
  payload: string;
}

export interface EventStreams {
  /** Appends to `stream` (the newest `retain` are kept for resuming) and delivers it to every replica's listeners; resolves to its id. */
  append(stream: string, payload: string): Promise<string>;
  /**
   * The events of `stream` after `afterId`, oldest first; null when `afterId` is not one this log can continue from
   * (too old, or from an earlier process), so the client must be sent a fresh state instead.
   */
  since(stream: string, afterId: string): Promise<StreamEvent[] | null>;
  /** Hears every event appended to any stream, on any replica, from now on; returns the function that stops it. */
  listen(listener: (stream: string, event: StreamEvent) => void): () => void;
}
