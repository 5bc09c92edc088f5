import { get, type ClientRequest } from 'node:http';

/**
 * Enough of the browser's EventSource for jsdom tests (which have none, and whose Event Node's cannot dispatch): it
 * reads a real stream over HTTP and dispatches each named event as a MessageEvent with its id. A stream that ends
 * after it opened reads as a dropped connection (CONNECTING, as the browser's before it reconnects), but it does not
 * reconnect; a refused one is CLOSED.
 */
export class TestEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = TestEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  private lastEventId = '';
  private readonly request: ClientRequest;

  constructor(readonly url: string) {
    super();
    this.request = get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      if (!String(response.headers['content-type']).startsWith('text/event-stream')) return this.fail();
      this.readyState = TestEventSource.OPEN;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          this.dispatchBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      response.on('end', () => this.fail(TestEventSource.CONNECTING));
    });
    this.request.on('error', () =>
      this.fail(this.readyState === TestEventSource.OPEN ? TestEventSource.CONNECTING : TestEventSource.CLOSED),
    );
  }

  close(): void {
    this.readyState = TestEventSource.CLOSED;
    this.request.destroy();
  }

  private fail(state: number = TestEventSource.CLOSED): void {
    if (this.readyState === TestEventSource.CLOSED) return;
    this.readyState = state;
    this.onerror?.(new Event('error'));
  }

  private dispatchBlock(block: string): void {
    let type = 'message';
    let data: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) type = line.slice('event: '.length);
      else if (line.startsWith('data: ')) data = line.slice('data: '.length);
      else if (line.startsWith('id: ')) this.lastEventId = line.slice('id: '.length);
    }
    if (data !== undefined && this.readyState === TestEventSource.OPEN) {
      this.dispatchEvent(new MessageEvent(type, { data, lastEventId: this.lastEventId }));
    }
  }
}
