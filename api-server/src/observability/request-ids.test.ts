import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { replicaId: 'replica-l' },
    logTo: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/apis/health', headers });
const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('request ids and log lines', () => {
  it('takes a well-formed X-Request-Id, answers it and logs the request under it with the replica', async () => {
    const id = 'nginx.7f3a_b-42';
    const response = await get({ 'x-request-id': id });
    expect(response.headers['x-request-id']).toBe(id);
    const logged = linesOf(id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of logged) expect(line).toMatchObject({ replica: 'replica-l', reqId: id });
  });

  it('replaces a malformed or over-long X-Request-Id with a fresh UUID', async () => {
    for (const sent of ['has spaces', 'a/b', '', 'x'.repeat(129), 'ünïcode', 'id:x']) {
      const response = await get({ 'x-request-id': sent });
      const answered = response.headers['x-request-id'] as string;
      expect(answered).toMatch(uuid);
      expect(linesOf(answered)).toHaveLength(2);
      expect(lines.some((line) => line.reqId === sent)).toBe(false);
    }
  });

  it('gives a request without one a fresh UUID, a different one each time', async () => {
    const [first, second] = [await get(), await get()].map((response) => response.headers['x-request-id'] as string);
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
  });

  it('names the replica on every line, whether of a request or of the server', async () => {
    t.app.log.info('a line of the server');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => line.replica !== 'replica-l')).toEqual([]);
  });
});
