import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}

type Reply = { body: unknown; delayMs?: number } | { raw: string; contentType: string };
type Handler = (request: SeenRequest) => Reply;

/** A real HTTP server on a random local port for driving the API client in tests. */
export class TestApiServer {
  readonly seen: SeenRequest[] = [];
  #routes = new Map<string, Handler>();
  #server: Server = createServer(async (req, res) => {
    const request: SeenRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      token: typeof req.headers.token === 'string' ? req.headers.token : undefined,
      body: await readJson(req),
    };
    this.seen.push(request);
    const handler = this.#routes.get(`${request.method} ${request.url.split('?')[0]}`);
    const reply: Reply = handler ? handler(request) : { body: { code: 404, data: null, msg: '接口不存在' } };
    if ('raw' in reply) {
      res.setHeader('content-type', reply.contentType);
      res.end(reply.raw);
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply.body));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/apis`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  /** Answers `METHOD /apis/path` (query ignored) with the handler's reply. */
  on(route: string, handler: Handler | { code: number; data?: unknown; msg?: string }): void {
    this.#routes.set(route, typeof handler === 'function' ? handler : () => ({ body: { data: null, msg: '', ...handler } }));
  }

  reset(): void {
    this.seen.length = 0;
    this.#routes.clear();
  }

  count(route: string): number {
    return this.seen.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route).length;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}
