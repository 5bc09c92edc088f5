import type { Clock } from '../clock.js';
import type { VersionCounters } from '../shared-state/index.js';
import type { UserRow } from './accounts.js';
import type { UserChange, UserChanges } from './user-changes.js';

/** A session and its user's row as the database held them. */
export interface SessionRecord {
  sessionId: number;
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  supersededAt: Date | null;
  account: UserRow;
}

/** Where the cache reads what it does not hold; a token's user never changes, so it is learnt apart from the rows. */
export interface SessionSource {
  userIdOf(tokenHash: string): Promise<number | undefined>;
  sessionOf(tokenHash: string): Promise<SessionRecord | undefined>;
}

/** The version of everything cached about a user: bumped on every change to their sessions or their row. */
export const userVersionKey = (userId: number) => `user:${userId}`;

/** The changes that alter a cached copy (the user's sessions, their row, its balances). */
const changesCached: ReadonlySet<UserChange> = new Set<UserChange>(['session', 'account', 'balance']);

/** The version keys to bump for a batch of user changes. */
export function staleUserKeys(changes: UserChanges): string[] {
  return [...changes].filter(([, kinds]) => [...kinds].some((kind) => changesCached.has(kind))).map(([userId]) => userVersionKey(userId));
}

interface Entry {
  record: SessionRecord;
  /** The user's version read before the rows were: the copy is fresh while the version is still this one. */
  version: number;
  cachedAt: number;
}

/**
 * Sessions by token hash, with their user's row, kept in this process. A copy is answered only while its user's
 * version (shared by every replica) is still the one it was read at, so a change noted anywhere makes it stale on the
 * very next request; that check is one round trip to the shared state instead of one to the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly versions: VersionCounters,
    private readonly clock: Clock,
    private readonly limits: { maxEntries: number; ttlMs: number } = { maxEntries: 10_000, ttlMs: 60_000 },
  ) {}

  async get(tokenHash: string, source: SessionSource): Promise<SessionRecord | undefined> {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(tokenHash);
    if (entry) {
      const [version] = await this.versions.currentMany([userVersionKey(entry.record.userId)]);
      if (version === entry.version && now - entry.cachedAt < this.limits.ttlMs) return entry.record;
      this.entries.delete(tokenHash);
      return this.load(tokenHash, version!, source, now);
    }
    const userId = await source.userIdOf(tokenHash);
    if (userId === undefined) return undefined;
    return this.load(tokenHash, await this.versions.current(userVersionKey(userId)), source, now);
  }

  get size() {
    return this.entries.size;
  }

  /** `version` was read before this reads the rows: a change committed in between leaves the copy stale, never wrong. */
  private async load(tokenHash: string, version: number, source: SessionSource, now: number) {
    const record = await source.sessionOf(tokenHash);
    if (!record) return undefined;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { record, version, cachedAt: now });
    if (this.entries.size > this.limits.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return record;
  }
}
