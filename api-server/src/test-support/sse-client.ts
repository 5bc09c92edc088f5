import http from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A Server-Sent Events client over real HTTP, as EventSource reads the stream (id, event and data lines, comments
 * ignored), keeping every event so a test can wait for the next one it expects.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  /** Comment lines (heartbeats) received. */
  comments = 0;
  retry: number | undefined;
  readonly ended: Promise<void>;
  private read = 0;
  private wake: (() => void) | undefined;
  private closed = false;

  private constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        this.take(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    });
    this.ended = new Promise((resolve) => {
      const done = () => {
        this.closed = true;
        this.wake?.();
        resolve();
      };
      response.on('end', done);
      response.on('close', done);
    });
  }

  /** Opens `url`; resolves once the response's headers arrived. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        resolve(new SseClient(request, response));
      });
      request.on('error', reject);
    });
  }

  get contentType(): string {
    return String(this.response.headers['content-type'] ?? '');
  }

  /** The next event not yet taken (of `type`, when given: others before it are passed over); rejects if the stream ends first. */
  async next(type?: string): Promise<SseEvent> {
    for (;;) {
      while (this.read < this.events.length) {
        const event = this.events[this.read++]!;
        if (!type || event.event === type) return event;
      }
      if (this.closed) throw new Error(`the stream ended before ${type ?? 'an'} event`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The next event's data as JSON, checking its type. */
  async nextData<T = any>(type: string): Promise<T> {
    const event = await this.next();
    if (event.event !== type) throw new Error(`expected a ${type} event, got ${event.event}: ${event.data}`);
    return JSON.parse(event.data) as T;
  }

  /** The last id an EventSource would resume from. */
  get lastEventId(): string | undefined {
    return [...this.events].reverse().find((event) => event.id !== undefined)?.id;
  }

  close(): void {
    this.request.destroy();
  }

  private take(block: string): void {
    const event: SseEvent = { id: undefined, event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'retry') this.retry = Number(value);
      else if (field === 'data') {
        event.data = hasData ? `${event.data}\n${value}` : value;
        hasData = true;
      }
    }
    if (!hasData) return;
    this.events.push(event);
    this.wake?.();
  }
}

/** Opens the user's event stream under `apiBase` as the portal does: a ticket asked for with the token, then the stream with the ticket. */
export async function openEventStream(apiBase: string, token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const response = await fetch(`${apiBase}/user/auth/events/ticket`, { method: 'POST', headers: { token } });
  const answer = (await response.json()) as { code: number; data: { ticket: string }; msg: string };
  if (answer.code !== 200) throw new Error(`no stream ticket: code ${answer.code} ${answer.msg}`);
  return SseClient.open(`${apiBase}/user/auth/events?ticket=${answer.data.ticket}`, headers);
}
