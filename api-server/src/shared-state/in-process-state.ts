import type { Clock } from '../clock.js';
import { InProcessRateLimiter } from '../lib/index.js';
import type { EventStreams, SharedCache, SharedState, StreamEvent, VersionCounters } from './shared-state.js';

/** Shared state for one process: right while the server runs as a single replica. */
export function createInProcessState(clock: Clock, options: { retainEvents: number }): SharedState {
  return {
    kind: 'in-process',
    versions: new InProcessVersions(),
    rateLimiter: new InProcessRateLimiter(clock),
    cache: new InProcessCache(clock),
    events: new InProcessEventStreams(options.retainEvents),
    close: async () => {},
  };
}

class InProcessVersions implements VersionCounters {
  private readonly versions = new Map<string, number>();

  async current(key: string) {
    return this.versions.get(key) ?? 0;
  }

  async currentMany(keys: string[]) {
    return keys.map((key) => this.versions.get(key) ?? 0);
  }

  async bump(keys: string[]) {
    for (const key of keys) this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }
}

class InProcessCache implements SharedCache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  async get(key: string) {
    return this.read(key);
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.clock.now().getTime() + ttlMs });
  }

  async delete(keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }

  async take(key: string) {
    const value = this.read(key);
    this.entries.delete(key);
    return value;
  }

  private read(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.clock.now().getTime()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }
}

/** Ids are `<log epoch>-<sequence>`: an id from another epoch (an earlier process) cannot be continued. */
class InProcessEventStreams implements EventStreams {
  private readonly epoch = String(Date.now());
  private sequence = 0;
  /** Per stream, the kept events and the newest sequence dropped to keep only `retain`. */
  private readonly streams = new Map<string, { kept: Array<{ sequence: number; event: StreamEvent }>; droppedThrough: number }>();
  private readonly listeners = new Set<(stream: string, event: StreamEvent) => void>();

  constructor(private readonly retain: number) {}

  async append(stream: string, payload: string) {
    this.sequence += 1;
    const event = { id: `${this.epoch}-${this.sequence}`, payload };
    const log = this.streams.get(stream) ?? { kept: [], droppedThrough: 0 };
    log.kept.push({ sequence: this.sequence, event });
    if (log.kept.length > this.retain) {
      const dropped = log.kept.splice(0, log.kept.length - this.retain);
      log.droppedThrough = dropped.at(-1)!.sequence;
    }
    this.streams.set(stream, log);
    for (const listener of this.listeners) listener(stream, event);
    return event.id;
  }

  async since(stream: string, afterId: string) {
    const [epoch, sequenceText, extra] = afterId.split('-');
    const after = Number(sequenceText);
    if (epoch !== this.epoch || extra !== undefined || !Number.isSafeInteger(after) || after < 0 || after > this.sequence) return null;
    const log = this.streams.get(stream);
    if (!log) return [];
    if (log.droppedThrough > after) return null;
    return log.kept.filter((entry) => entry.sequence > after).map((entry) => entry.event);
  }

  listen(listener: (stream: string, event: StreamEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
