import { createServer } from 'node:http';
import { freePort } from './free-port';

export interface StaticServer {
  origin: string;
  /** How many times a path was asked for. */
  requestsOf(pathname: string): number;
  stop(): Promise<void>;
}

/** A script body, or one computed per request (null answers 503, like a failing CDN). */
export type ScriptSource = string | ((requestNumber: number) => string | null);

/** Serves JavaScript files with CORS, as `npm run serve:app` does for an override. */
export async function serveScripts(files: Record<string, ScriptSource>): Promise<StaticServer> {
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Cache-Control', 'no-store');
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const source = files[pathname];
    if (source === undefined) return void response.writeHead(404).end();
    const count = (requests.get(pathname) ?? 0) + 1;
    requests.set(pathname, count);
    const body = typeof source === 'string' ? source : source(count);
    if (body === null) return void response.writeHead(503).end();
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body);
  });
  const port = await freePort(18280, 18299);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    requestsOf: (pathname) => requests.get(pathname) ?? 0,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
