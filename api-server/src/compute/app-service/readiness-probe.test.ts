import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from './readiness-probe.js';

// A real HTTP server on this machine stands in for the service inside an instance.
let server: http.Server;
let port: number;
let closedPort: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.statusCode = request.url === '/broken' ? 503 : request.url === '/ok' ? 200 : 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const spare = net.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise((resolve) => spare.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the readiness check', () => {
  it('passes an HTTP port that answers the path below 500, and a TCP port that accepts a connection', async () => {
    const target = { host: '127.0.0.1', port };
    expect(await answers(target, { port, path: '/ok' }, 'http')).toBe(true);
    expect(await answers(target, { port, path: '/missing' }, 'http')).toBe(true);
    expect(await answers(target, { port, path: '/broken' }, 'http')).toBe(false);
    expect(await answers(target, { port, path: '' }, 'tcp')).toBe(true);
  });

  it('fails a port nothing listens on', async () => {
    const target = { host: '127.0.0.1', port: closedPort };
    expect(await answers(target, { port: closedPort, path: '/' }, 'http')).toBe(false);
    expect(await answers(target, { port: closedPort, path: '' }, 'tcp')).toBe(false);
  });
});
