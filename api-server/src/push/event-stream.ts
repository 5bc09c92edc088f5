import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PushEvents } from '@rc/api-contract/user/push';
import type { SessionUser } from '../accounts/index.js';
import { sessions } from '../db/index.js';
import type { StreamEvent } from '../shared-state/index.js';
import { snapshotOf, userStream, type UserEvent } from './user-events.js';

/** A client further behind than this is dropped; it reconnects and resumes from its Last-Event-ID. */
const maxBufferedBytes = 1 << 20;

/** Each event formatted once for all the streams (tabs) it goes to. */
const formatted = new WeakMap<StreamEvent, string | null>();

/** The event as SSE lines; null for a session check, which is not sent. */
function sseText(event: StreamEvent): string | null {
  let text = formatted.get(event);
  if (text === undefined) {
    const parsed = JSON.parse(event.payload) as UserEvent;
    text = parsed.type === 'check-session' ? null : `id: ${event.id}\nevent: ${parsed.type}\ndata: ${JSON.stringify(parsed.data)}\n\n`;
    formatted.set(event, text);
  }
  return text;
}

/**
 * One browser tab's stream. Until its start (snapshot or replay) is written, the events it hears wait; after that
 * they are written as they come, each with its id, so a reconnecting EventSource resumes where it stopped.
 */
export class EventStream {
  private waiting: StreamEvent[] | null = [];
  private readonly replayed = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly response: ServerResponse,
    readonly user: SessionUser,
    private readonly onEnd: (stream: EventStream) => void,
  ) {
    response.on('close', () => this.end());
  }

  /** Writes the headers, then a snapshot, or what the client missed since `lastEventId` (a snapshot when that cannot be continued). */
  async start(lastEventId: string | undefined): Promise<void> {
    const { heartbeatMs, retryMs } = this.app.config.push;
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    this.write(`retry: ${retryMs}\n\n`);
    const missed = lastEventId ? await this.app.shared.events.since(userStream(this.user.id), lastEventId) : null;
    if (missed === null) this.send('snapshot', await snapshotOf(this.app.db, this.user.id));
    for (const event of missed ?? []) {
      this.replayed.add(event.id);
      this.deliverNow(event, false);
    }
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const event of waiting) if (!this.replayed.has(event.id)) this.deliverNow(event, true);
    this.replayed.clear();
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), heartbeatMs);
  }

  /** An event appended to this user's stream, on any replica. */
  deliver(event: StreamEvent): void {
    if (this.waiting) this.waiting.push(event);
    else this.deliverNow(event, true);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.onEnd(this);
    if (!this.response.writableEnded) this.response.end();
  }

  private deliverNow(event: StreamEvent, live: boolean): void {
    const text = sseText(event);
    if (text === null) {
      // A replayed check happened before this connection was authorised, with its session live.
      if (live) void this.checkSession();
      return;
    }
    this.write(text);
  }

  private send<K extends keyof PushEvents>(type: K, data: PushEvents[K]): void {
    this.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Something about the user's sessions changed: a tab whose session ended is told why, and its stream closes. */
  private async checkSession(): Promise<void> {
    const [session] = await this.app.db
      .select({ revokedAt: sessions.revokedAt, supersededAt: sessions.supersededAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, this.user.sessionId));
    const reason =
      !session || session.revokedAt
        ? 'logout'
        : session.supersededAt
          ? 'superseded'
          : session.expiresAt <= this.app.clock.now()
            ? 'expired'
            : null;
    if (!reason || this.ended) return;
    this.send('session', { reason });
    this.end();
  }

  private write(text: string): void {
    if (this.ended) return;
    this.response.write(text);
    if (this.response.writableLength > maxBufferedBytes) this.end();
  }
}

/** This replica's open streams, by user. */
export class StreamHub {
  private readonly byUser = new Map<number, Set<EventStream>>();

  get size(): number {
    let n = 0;
    for (const streams of this.byUser.values()) n += streams.size;
    return n;
  }

  add(stream: EventStream): void {
    const streams = this.byUser.get(stream.user.id) ?? new Set();
    streams.add(stream);
    this.byUser.set(stream.user.id, streams);
  }

  remove(stream: EventStream): void {
    const streams = this.byUser.get(stream.user.id);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.byUser.delete(stream.user.id);
  }

  deliver(userId: number, event: StreamEvent): void {
    for (const stream of this.byUser.get(userId) ?? []) stream.deliver(event);
  }

  endAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.end();
  }
}
