import { createServer } from 'node:http';
import { freePort } from './free-port';

export interface StaticServer {
  origin: string;
  stop(): Promise<void>;
}

/** Serves fixed JavaScript files with CORS, as `npm run serve:app` does for an override. */
export async function serveScripts(files: Record<string, string>): Promise<StaticServer> {
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const body = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body);
  });
  const port = await freePort(18280, 18299);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
