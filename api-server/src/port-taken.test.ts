import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from './test-support/server-process.js';

// A second `npm start` on one machine: the production build (the run's, test-support/server-bundle.ts) finds its HTTP or
// SSH port held by another process. Its folder is new, so without the demo data it has nothing to write but the base data.
let holder: net.Server;
let heldPort: number;

beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  heldPort = (holder.address() as net.AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => holder?.close(resolve));
});

/** The start's failure: ServerProcess reports the exit code and what the process wrote to stderr. */
async function failedStart(env: Record<string, string>) {
  const started = await ServerProcess.start({ env: { NODE_ENV: 'production', SEED_DEMO_DATA: 'false', ...env } }).then(
    async (server) => {
      await server.stop();
      return null;
    },
    (error: Error) => error.message,
  );
  expect(started).not.toBeNull();
  const [, code, stderr] = /^api-server exited with code (\d+):\n([\s\S]*)$/.exec(started!)!;
  return { code: Number(code), stderr: stderr! };
}

describe('a port the server cannot take', () => {
  it('ends the start with one sentence naming SSH_PORT when the SSH gateway’s port is held', async () => {
    const { code, stderr } = await failedStart({ SSH_PORT: String(heldPort) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `api-server: The SSH gateway cannot listen on port ${heldPort}: another process (another api-server?) already holds it; ` +
        'stop that one or set SSH_PORT to another port\n',
    );
  }, 120_000);

  it('ends the start with one sentence naming PORT when the HTTP port is held', async () => {
    const { code, stderr } = await failedStart({ PORT: String(heldPort) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `api-server: The HTTP server cannot listen on port ${heldPort}: another process (another api-server?) already holds it; ` +
        'stop that one or set PORT to another port\n',
    );
  }, 120_000);
});
