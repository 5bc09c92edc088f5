import { createServer } from 'node:net';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A free port in the range the browser tests may use (18200–18299). */
export async function freePort(from = 18200, to = 18279): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
