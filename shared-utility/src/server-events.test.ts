import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from './config';
import { bus } from './event-bus';
import { startServerEvents } from './server-events';
import { $balance, $instanceNum, $token, $userMsgNum } from './stores';
import { TestEventSource } from './test-event-source';

globalThis.EventSource = TestEventSource as unknown as typeof EventSource;

/**
 * The server side of the streams this tab opens (real HTTP): tickets named after the token that asked for them, the
 * streams, and an `ext/view` that answers 304 (signed in elsewhere).
 */
const streams: Array<{ url: URL; response: ServerResponse; closed: boolean }> = [];
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.endsWith('/user/auth/events/ticket')) {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ code: 200, data: { ticket: `ticket-of-${request.headers.token}`, expiresInSeconds: 60 }, msg: '' }));
    return;
  }
  if (url.pathname.endsWith('/user/auth/events')) {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('retry: 60000\n\n');
    const stream = { url, response, closed: false };
    request.on('close', () => (stream.closed = true));
    streams.push(stream);
    return;
  }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ code: 304, data: null, msg: '已在别处登录' }));
});

const navigate = vi.fn<(url: string) => void>();

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function send(stream: { response: ServerResponse }, type: string, data: object, id?: string) {
  stream.response.write(`${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configure({ apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis`, navigate });
});
afterAll(async () => {
  for (const stream of streams) stream.response.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  streams.length = 0;
  $token.set(null);
  $balance.set(0);
  $instanceNum.set(0);
  $userMsgNum.set(0);
});

describe('server events', () => {
  it('opens one stream per signed-in tab and keeps the counters from it', async () => {
    $token.set('tok-1');
    const stop = startServerEvents();
    await until(() => streams.length === 1);
    // Opened with a ticket asked for with the token: the token itself is in no URL.
    expect(streams[0]!.url.searchParams.get('ticket')).toBe('ticket-of-tok-1');
    expect(streams[0]!.url.searchParams.has('token')).toBe(false);

    send(streams[0]!, 'snapshot', { balance: 500_000, totalContainer: 2, num: 3 });
    await until(() => $balance.get() === 500_000);
    expect([$instanceNum.get(), $userMsgNum.get()]).toEqual([2, 3]);

    const heard: unknown[] = [];
    const offs = [
      bus.on('instances:changed', (d) => heard.push(d)),
      bus.on('uploads:changed', (d) => heard.push(d)),
      bus.on('exam:deadline', (d) => heard.push(d)),
    ];
    send(streams[0]!, 'balance', { balance: 499_000 }, '1-1');
    send(streams[0]!, 'messages', { num: 4 }, '1-2');
    send(streams[0]!, 'instances', { totalContainer: 3, changed: [{ id: 9, status: 0, nextStatus: 2 }] }, '1-3');
    send(streams[0]!, 'uploads', { uploadId: 'u1', md5: 'a'.repeat(32), fileName: 'a.bin', status: 'merged' }, '1-4');
    const deadline = { attemptId: 7, examId: 3, status: 1, deadlineAt: '2026-11-29T10:10:00.000Z', extraMinutes: 10 };
    send(streams[0]!, 'examDeadline', deadline, '1-5');
    await until(() => heard.length === 3);
    expect([$balance.get(), $userMsgNum.get(), $instanceNum.get()]).toEqual([499_000, 4, 3]);
    expect(heard).toEqual([
      { totalContainer: 3, changed: [{ id: 9, status: 0, nextStatus: 2 }] },
      { uploadId: 'u1', md5: 'a'.repeat(32), fileName: 'a.bin', status: 'merged' },
      deadline,
    ]);
    offs.forEach((off) => off());
    stop();
    await until(() => streams[0]!.closed);
  });

  it('opens a dropped stream again with a new ticket, from the last event it heard', async () => {
    $token.set('tok-8');
    const stop = startServerEvents();
    await until(() => streams.length === 1);
    send(streams[0]!, 'balance', { balance: 1_000 }, '1-41');
    await until(() => $balance.get() === 1_000);
    streams[0]!.response.end();
    await until(() => streams.length === 2);
    expect(streams[1]!.url.searchParams.get('ticket')).toBe('ticket-of-tok-8');
    expect(streams[1]!.url.searchParams.get('lastEventId')).toBe('1-41');
    expect($token.get()).toBe('tok-8');
    stop();
    await until(() => streams[1]!.closed);
  });

  it('closes the stream on logout and opens one for the next sign-in', async () => {
    const stop = startServerEvents();
    $token.set('tok-2');
    await until(() => streams.length === 1);
    $token.set(null);
    await until(() => streams[0]!.closed);
    $token.set('tok-3');
    await until(() => streams.length === 2);
    expect(streams[1]!.url.searchParams.get('ticket')).toBe('ticket-of-tok-3');
    stop();
    await until(() => streams[1]!.closed);
  });

  it('ends the session as a 304 does when the server says it ended', async () => {
    $token.set('tok-4');
    const stop = startServerEvents();
    await until(() => streams.length === 1);
    send(streams[0]!, 'session', { reason: 'superseded' });
    await until(() => $token.get() === null);
    await until(() => streams[0]!.closed);
    // The page stays: the auth guard, not the stream, leaves pages that need a session (a public page keeps showing).
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });

  it('lets go of the stream while the page is left (back-forward cache) and opens a new one when it is shown again', async () => {
    $token.set('tok-7');
    const stop = startServerEvents();
    await until(() => streams.length === 1);
    window.dispatchEvent(new Event('pagehide'));
    await until(() => streams[0]!.closed);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await until(() => streams.length === 2);
    expect(streams[1]!.url.searchParams.get('ticket')).toBe('ticket-of-tok-7');
    stop();
    await until(() => streams[1]!.closed);
  });

  it('follows a sign-in another tab stored before this tab heard of it, instead of ending that session', async () => {
    $token.set('tok-5');
    const stop = startServerEvents();
    await until(() => streams.length === 1);
    // Another tab signed in: its token is in localStorage, and this tab's storage event has not come yet.
    localStorage.setItem('RC_WEB_TOKEN', JSON.stringify('tok-6'));
    navigate.mockClear();
    send(streams[0]!, 'session', { reason: 'superseded' });
    await until(() => streams.length === 2);
    expect(streams[1]!.url.searchParams.get('ticket')).toBe('ticket-of-tok-6');
    expect($token.get()).toBe('tok-6');
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });
});
