import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ServerProcess } from './test-support/server-process.js';

const interimAnswer = 'HTTP/1.1 100 Continue\r\n\r\n';

/** A sign-in whose body never comes in full, held by the server once it has sent the interim answer. */
async function stuckRequest(server: ServerProcess) {
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = once(socket, 'close');
  socket.write(
    'POST /apis/user/api/user/login/password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
  );
  await expect.poll(() => received, { timeout: 10_000 }).toBe(interimAnswer);
  socket.write('{"mobile":"138');
  return { closed, received: () => received };
}

describe('the server’s shutdown', { timeout: 120_000 }, () => {
  it('cuts off a request still running SHUTDOWN_GRACE_MS after SIGTERM, and exits with 0', async () => {
    const server = await ServerProcess.start({ env: { SEED_DEMO_DATA: 'false', SHUTDOWN_GRACE_MS: '300' } });
    const request = await stuckRequest(server);
    await server.stop();
    await request.closed;
    expect(request.received()).toBe(interimAnswer);
    expect(server.exitCode).toBe(0);
  });

  it('ends at once, with 1, on a second signal during the grace period', async () => {
    const server = await ServerProcess.start({ env: { SEED_DEMO_DATA: 'false', SHUTDOWN_GRACE_MS: '600000' } });
    const request = await stuckRequest(server);
    server.signal('SIGTERM');
    // No longer listening: the first signal is being handled.
    await expect
      .poll(
        () =>
          fetch(`${server.apiBase}/system/api/health`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 10_000 },
      )
      .toBe('refused');
    server.signal('SIGINT');
    await request.closed;
    await server.stop();
    expect(server.exitCode).toBe(1);
  });
});
