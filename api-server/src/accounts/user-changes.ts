import { AsyncLocalStorage } from 'node:async_hooks';

/** What changed about a user: the session cache forgets its copy, and the user's open tabs are told. */
export type UserChange = 'session' | 'account' | 'balance' | 'instances' | 'messages' | 'uploads' | 'exam';
export type UserChanges = ReadonlyMap<number, ReadonlySet<UserChange>>;
/** What a change was about, where a tab needs more than "it changed": which instance, which upload ended how, or whose exam deadline moved. */
export type UserChangeDetail =
  | { instanceId: number }
  | { upload: { uploadId: string | null; md5: string; fileName: string; status: 'merged' | 'failed' } }
  | { examAttemptId: number };
/** Per user, the details noted with their changes, in the order noted. */
export type UserChangeDetails = ReadonlyMap<number, readonly UserChangeDetail[]>;
export type UserChangeListener = (changes: UserChanges, details: UserChangeDetails) => Promise<void>;

/**
 * Changes noted during one request or one background pass. They are heard when it ends, after its transactions have
 * committed (a listener that re-reads the database then sees them); a change noted after that is heard at once.
 */
export class UserChangeScope {
  private pending = new Map<number, Set<UserChange>>();
  private details = new Map<number, UserChangeDetail[]>();
  private ended = false;

  constructor(private readonly hear: UserChangeListener) {}

  note(userId: number, change: UserChange, detail?: UserChangeDetail): void {
    const changes = this.pending.get(userId) ?? new Set<UserChange>();
    changes.add(change);
    this.pending.set(userId, changes);
    if (detail) this.details.set(userId, [...(this.details.get(userId) ?? []), detail]);
    if (this.ended) void this.flush();
  }

  /** Ends the scope: what it noted is heard when the promise settles; undefined when it noted nothing. */
  end(): Promise<void> | undefined {
    this.ended = true;
    return this.flush();
  }

  private flush(): Promise<void> | undefined {
    if (this.pending.size === 0) return undefined;
    const changes = this.pending;
    const details = this.details;
    this.pending = new Map();
    this.details = new Map();
    return this.hear(changes, details);
  }
}

const scopes = new AsyncLocalStorage<UserChangeScope>();

/** Records that something about a user changed, for the request or pass this code runs in; `detail` says what, where tabs need it. */
export function noteUserChange(userId: number, change: UserChange, detail?: UserChangeDetail): void {
  scopes.getStore()?.note(userId, change, detail);
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
