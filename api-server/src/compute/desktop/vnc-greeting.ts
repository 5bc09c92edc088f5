import WebSocket from 'ws';

/**
 * Whether the desktop at `upstream` (websockify on the instance's port 6080) is ready for noVNC: a WebSocket to its
 * `/websockify` gets the VNC server's `RFB ` greeting within `withinMs`. websockify listens before the VNC server may,
 * and noVNC does not retry a first connection that fails, so a listening port alone is not enough.
 */
export function vncGreets(upstream: string, withinMs = 2000): Promise<boolean> {
  const url = new URL('/websockify', upstream);
  url.protocol = 'ws:';
  return new Promise((resolve) => {
    const socket = new WebSocket(url, ['binary'], { handshakeTimeout: withinMs });
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve(ready);
    };
    const timer = setTimeout(() => settle(false), withinMs);
    socket.once('message', (data: Buffer) => settle(data.subarray(0, 4).toString('latin1') === 'RFB '));
    socket.once('error', () => settle(false));
    socket.once('close', () => settle(false));
  });
}
