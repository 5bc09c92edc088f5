import { AsyncLocalStorage } from 'node:async_hooks';

/** What changed about a user: the session cache forgets its copy, and the user's open tabs are told. */
export type UserChange = 'session' | 'account' | 'balance' | 'instances' | 'messages' | 'uploads';
export type UserChanges = ReadonlyMap<number, ReadonlySet<UserChange>>;
export type UserChangeListener = (changes: UserChanges) => Promise<void>;

/**
 * Changes noted during one request or one background pass. They are heard when it ends, after its transactions have
 * committed (a listener that re-reads the database then sees them); a change noted after that is heard at once.
 */
export class UserChangeScope {
  private pending = new Map<number, Set<UserChange>>();
  private ended = false;

  constructor(private readonly hear: UserChangeListener) {}

  note(userId: number, change: UserChange): void {
    const changes = this.pending.get(userId) ?? new Set<UserChange>();
    changes.add(change);
    this.pending.set(userId, changes);
    if (this.ended) void this.flush();
  }

  async end(): Promise<void> {
    this.ended = true;
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const changes = this.pending;
    this.pending = new Map();
    await this.hear(changes);
  }
}

const scopes = new AsyncLocalStorage<UserChangeScope>();

/** Records that something about a user changed, for the request or pass this code runs in. */
export function noteUserChange(userId: number, change: UserChange): void {
  scopes.getStore()?.note(userId, change);
}

/** Runs `work` in a scope of its own, ended (its changes heard) when it settles. */
export async function withUserChanges<T>(hear: UserChangeListener, work: () => Promise<T>): Promise<T> {
  const scope = new UserChangeScope(hear);
  try {
    return await scopes.run(scope, work);
  } finally {
    await scope.end();
  }
}

/** Runs `next` (the rest of a request's handling) inside `scope`. */
export function runInScope(scope: UserChangeScope, next: () => void): void {
  scopes.run(scope, next);
}
