import net from 'node:net';

/** A TCP connection to host:port once it is open, or the error code that ended the attempt (ECONNREFUSED, ETIMEDOUT…). */
export function connectTcp(host: string, port: number, timeoutMs: number): Promise<net.Socket | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    const fail = (code: string) => {
      socket.destroy();
      resolve(code);
    };
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeAllListeners('timeout');
      socket.removeAllListeners('error');
      // Errors after this point end the connection (the socket closes): nothing is left to report them to.
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('timeout', () => fail('ETIMEDOUT'));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'ECONNRESET'));
  });
}
