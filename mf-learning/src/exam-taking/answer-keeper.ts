import { bus } from '@rc/shared-utility';
import { saveAnswers, type ExamSheet, type StudentAnswer } from './exam-taking-api';
import type { ServerClock } from './server-countdown';

interface KeptAnswer {
  answer: StudentAnswer;
  version: number;
  /** The server confirmed this version (or holds a later one). */
  synced: boolean;
}

interface LocalCopy {
  lastVersion: number;
  answers: Record<string, KeptAnswer>;
}

/** saved 已保存 · saving 保存中… · offline 网络已断开（答案在本机） */
export type SaveState = 'saved' | 'saving' | 'offline';

export interface KeeperEvents {
  changed: () => void;
  /** The server's deadline and time left, from every save it answered. */
  clock: (clock: ServerClock) => void;
  /** The server refused a save because the attempt is over (handed in, or the time ran out). */
  closed: (message: string) => void;
  /** The server kept a later answer than ours (given in another tab): the page should fetch and adopt it. */
  newerElsewhere: () => void;
}

const TEXT_DEBOUNCE_MS = 800;
const RETRY_MS = 3000;

export const localCopyKey = (attemptId: number) => `rc-exam-${attemptId}`;

function readLocalCopy(attemptId: number): LocalCopy {
  try {
    const copy = JSON.parse(localStorage.getItem(localCopyKey(attemptId)) ?? 'null') as LocalCopy | null;
    if (copy && typeof copy.lastVersion === 'number' && typeof copy.answers === 'object') return copy;
  } catch {
    // An unreadable copy is dropped: the server's answers stand.
  }
  return { lastVersion: 0, answers: {} };
}

/**
 * The answers of one attempt: every change is kept in localStorage at once (with a version that only
 * grows) and sent to the server, immediately or after a pause in typing; what the server has not
 * confirmed is kept and sent again after a reload, a failed call, or when the network comes back.
 */
export class AnswerKeeper {
  private readonly answers = new Map<number, KeptAnswer>();
  private lastVersion: number;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private networkDown = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly typing = new Map<number, ReturnType<typeof setTimeout>>();
  private stopped = true;

  constructor(
    private readonly sheet: ExamSheet,
    private readonly events: KeeperEvents,
    /** Sends answers to the server; a test gives its own server's answers. */
    private readonly save: typeof saveAnswers = saveAnswers,
  ) {
    const local = readLocalCopy(sheet.attemptId);
    this.lastVersion = local.lastVersion;
    for (const saved of sheet.answers) this.answers.set(saved.itemId, { answer: saved.answer, version: saved.version, synced: true });
    for (const [id, kept] of Object.entries(local.answers)) {
      const itemId = Number(id);
      const server = this.answers.get(itemId);
      if (!server || kept.version > server.version) this.answers.set(itemId, { ...kept, synced: false });
    }
    for (const kept of this.answers.values()) this.lastVersion = Math.max(this.lastVersion, kept.version);
    this.networkDown = !navigator.onLine;
    this.persist();
  }

  /** Starts sending: first whatever the server has not confirmed yet (from before a reload). */
  start() {
    this.stopped = false;
    if (this.unsynced().length > 0) void this.flush();
  }

  answerOf(itemId: number): StudentAnswer | undefined {
    return this.answers.get(itemId)?.answer;
  }

  get state(): SaveState {
    if (this.networkDown) return 'offline';
    return this.queued > 0 || this.unsynced().length > 0 ? 'saving' : 'saved';
  }

  /** A changed answer: kept here at once, sent now (choices) or after a pause in typing (text). */
  change(itemId: number, answer: StudentAnswer, { typed = false } = {}) {
    this.lastVersion = Math.max(Date.now(), this.lastVersion + 1);
    this.answers.set(itemId, { answer, version: this.lastVersion, synced: false });
    this.persist();
    this.events.changed();
    clearTimeout(this.typing.get(itemId));
    if (!typed) {
      void this.flush();
      return;
    }
    this.typing.set(
      itemId,
      setTimeout(() => {
        this.typing.delete(itemId);
        void this.flush();
      }, TEXT_DEBOUNCE_MS),
    );
  }

  /** The browser lost or regained the network; on return, whatever is unsynced goes at once. */
  setOnline(online: boolean) {
    this.networkDown = !online;
    this.events.changed();
    if (online) void this.flush();
  }

  /** Sends every unconfirmed answer now, after any save already under way; resolves when the server answered. */
  flush(): Promise<void> {
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    this.queued += 1;
    this.queue = this.queue
      .then(() => this.send())
      .finally(() => {
        this.queued -= 1;
        this.events.changed();
      });
    this.events.changed();
    return this.queue;
  }

  /** Takes the server's answers that are later than the ones kept here. */
  adopt(saved: ExamSheet['answers']) {
    for (const { itemId, answer, version } of saved) {
      const kept = this.answers.get(itemId);
      if (!kept || version > kept.version) this.answers.set(itemId, { answer, version, synced: true });
      this.lastVersion = Math.max(this.lastVersion, version);
    }
    this.persist();
    this.events.changed();
  }

  /** The attempt is over: forget the local copy and stop sending. */
  finish() {
    this.stop();
    localStorage.removeItem(localCopyKey(this.sheet.attemptId));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    for (const timer of this.typing.values()) clearTimeout(timer);
  }

  private unsynced(): Array<[number, KeptAnswer]> {
    return [...this.answers].filter(([, kept]) => !kept.synced);
  }

  private persist() {
    const answers = Object.fromEntries(this.answers);
    try {
      localStorage.setItem(localCopyKey(this.sheet.attemptId), JSON.stringify({ lastVersion: this.lastVersion, answers }));
    } catch {
      // A full storage cannot keep the copy; the server still gets every answer.
    }
  }

  private async send() {
    const pending = this.unsynced();
    if (this.stopped || pending.length === 0) return;
    clearTimeout(this.retry);
    const result = await this.save({
      attemptId: this.sheet.attemptId,
      answers: pending.map(([itemId, kept]) => ({ itemId, answer: kept.answer, version: kept.version })),
    });
    if (result.code === 200) {
      this.networkDown = false;
      let newerElsewhere = false;
      for (const { itemId, version } of result.data.saved) {
        const kept = this.answers.get(itemId);
        if (kept && kept.version <= version) kept.synced = true;
        if (kept && kept.version < version) newerElsewhere = true;
      }
      this.persist();
      this.events.clock(result.data);
      if (newerElsewhere) this.events.newerElsewhere();
      return;
    }
    if (result.code === 409) {
      this.events.closed(result.msg);
      return;
    }
    if (result.code === -1 || result.code >= 500) {
      this.networkDown = true;
      this.retry = setTimeout(() => void this.flush(), RETRY_MS);
      return;
    }
    bus.emit('toast', { type: 'error', message: result.msg });
  }
}
