import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { instanceLogins } from '../../db/schema.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { closePodmanTestApp, createPodmanTestApp, reachStatus, runningPodmanInstance } from '../../test-support/podman-test-app.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { Status } from '../states.js';
import { terminalsPerUser } from './open-terminals.js';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createPodmanTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => closePodmanTestApp(t));

const runningInstance = () => runningPodmanInstance(t);
const ticketFor = (token: string, id: number) => call(t.app, 'POST', '/apis/user/auth/user/instance/terminal/ticket', { id }, token);

/** A WebSocket to the terminal with what it received: the screen's text, the closing reason. */
function openTerminal(ticket: string, size = { cols: 80, rows: 24 }) {
  const socket = new WebSocket(`${origin}/apis/user/instance/terminal/${ticket}?cols=${size.cols}&rows=${size.rows}`);
  const seen = { text: '', closedReason: null as string | null, closeCode: null as number | null };
  socket.on('message', (data, isBinary) => {
    if (isBinary) seen.text += data.toString();
    else seen.closedReason = (JSON.parse(data.toString()) as { reason: string }).reason;
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', (code) => {
      seen.closeCode = code;
      resolve();
    }),
  );
  const opened = new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  return { socket, seen, closed, opened, type: (text: string) => socket.send(Buffer.from(text)) };
}

/** Polls until `check` holds (a real shell answers when it answers), failing after a generous bound. */
async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the web terminal', () => {
  it('runs a command in the instance and shows its output, resizes, and closes with the exit code', async () => {
    const { user, id } = await runningInstance();
    const ticket = await ticketFor(user.token, id);
    expect(ticket).toMatchObject({ code: 200, data: { expiresInSeconds: 30 } });
    const terminal = openTerminal(ticket.data.ticket);
    await terminal.opened;
    terminal.type('echo hello-$((6*7))\r');
    await until(() => terminal.seen.text.includes('hello-42'), 'hello-42');

    terminal.socket.send(JSON.stringify({ type: 'resize', cols: 100, rows: 40 }));
    terminal.type('stty size\r');
    await until(() => terminal.seen.text.includes('40 100'), 'the new size');

    terminal.type('exit 3\r');
    await terminal.closed;
    expect(terminal.seen.closedReason).toBe('终端已退出（退出码 3）');
    const logins = await t.app.db.select().from(instanceLogins).where(eq(instanceLogins.instanceId, id));
    expect(logins).toMatchObject([{ method: 'web', remoteAddress: '127.0.0.1' }]);
  });

  it('takes each ticket once and not after 30 seconds', async () => {
    const { user, id } = await runningInstance();
    const { ticket } = (await ticketFor(user.token, id)).data;
    const first = openTerminal(ticket);
    await first.opened;
    first.type('echo once-$((1+1))\r');
    await until(() => first.seen.text.includes('once-2'), 'the first terminal');
    const again = openTerminal(ticket);
    await again.closed;
    expect(again.seen.closedReason).toBe('终端连接已失效，请重新连接');
    first.socket.close();
    await first.closed;

    const late = (await ticketFor(user.token, id)).data.ticket;
    t.clock.advance(30_000);
    const expired = openTerminal(late);
    await expired.closed;
    expect(expired.seen.closedReason).toBe('终端连接已失效，请重新连接');
  });

  it("refuses another user's instance, a stopped one, and more than the open terminals a user may have", async () => {
    const { user, id } = await runningInstance();
    const stranger = await userWithBalance(t.app, 0);
    expect(await ticketFor(stranger.token, id)).toMatchObject({ code: 404, msg: '实例不存在' });

    const open = [];
    for (let n = 0; n < terminalsPerUser; n++) {
      const terminal = openTerminal((await ticketFor(user.token, id)).data.ticket);
      await terminal.opened;
      terminal.type(`echo open-$((${n}+100))\r`);
      await until(() => terminal.seen.text.includes(`open-${n + 100}`), `terminal ${n}`);
      open.push(terminal);
    }
    expect(await ticketFor(user.token, id)).toMatchObject({ code: 409, msg: `最多同时打开 ${terminalsPerUser} 个终端，请先关闭其他终端` });
    for (const terminal of open) terminal.socket.close();
    await Promise.all(open.map((terminal) => terminal.closed));
    await until(() => t.app.terminals.open.count(user.id) === 0, 'the terminals to close');

    const ticket = (await ticketFor(user.token, id)).data.ticket;
    expect(await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token)).toMatchObject({ code: 200 });
    expect(await ticketFor(user.token, id)).toMatchObject({ code: 409, msg: '实例未运行，请先开机' });
    const afterStop = openTerminal(ticket);
    await afterStop.closed;
    expect(afterStop.seen.closedReason).toBe('实例未运行，请先开机');
  });

  it('closes the terminal with the reason when the instance stops', async () => {
    const { user, id } = await runningInstance();
    const terminal = openTerminal((await ticketFor(user.token, id)).data.ticket);
    await terminal.opened;
    terminal.type('echo up-$((2*3))\r');
    await until(() => terminal.seen.text.includes('up-6'), 'the shell');
    expect(await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, user.token)).toMatchObject({ code: 200 });
    // The scheduler's passes carry the stop out.
    await Promise.all([terminal.closed, reachStatus(t, id, Status.stopped)]);
    expect(terminal.seen.closedReason).toMatch(/^实例(关机中|已关机)，终端已断开$/);
  });
});
