import net, { type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { vncGreets } from './vnc-greeting.js';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A stand-in for websockify on a free port whose WebSocket does `onConnection`; its `http://127.0.0.1:port`. */
async function websockify(onConnection: (socket: import('ws').WebSocket) => void) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: '/websockify' });
  await once(server, 'listening');
  server.on('connection', onConnection);
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the desktop readiness probe', () => {
  it("is ready once the VNC server's greeting comes through websockify", async () => {
    const upstream = await websockify((socket) => socket.send(Buffer.from('RFB 003.008\n', 'latin1')));
    expect(await vncGreets(upstream)).toBe(true);
  });

  it('is not ready while websockify listens but the VNC server behind it does not (websockify closes the socket)', async () => {
    const upstream = await websockify((socket) => socket.close(1011));
    expect(await vncGreets(upstream)).toBe(false);
  });

  it('is not ready when the port accepts connections but nothing answers the WebSocket', async () => {
    const silent = net.createServer(() => {});
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    closers.push(() => silent.close());
    expect(await vncGreets(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 300)).toBe(false);
  });

  it('is not ready when nothing listens', async () => {
    const free = net.createServer().listen(0, '127.0.0.1');
    await once(free, 'listening');
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    expect(await vncGreets(`http://127.0.0.1:${port}`)).toBe(false);
  });
});
