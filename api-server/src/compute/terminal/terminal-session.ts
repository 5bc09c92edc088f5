import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { instanceLogins, instances } from '../../db/index.js';
import { AppError, conflict } from '../../errors.js';
import { DriverRefusal, type ExecSession } from '../driver.js';
import { Status, statusNames } from '../states.js';
import { redeemTerminalTicket, tooManyTerminals } from './terminal-access.js';

export interface TerminalSize {
  cols: number;
  rows: number;
}

const maxSide = 1000;
/** Output waiting in the socket beyond this pauses the shell's output until the browser catches up. */
const highWaterBytes = 1024 * 1024;

/** `{"type":"resize","cols":N,"rows":M}` as a size, or null for any other text. */
export function resizeRequest(text: string): TerminalSize | null {
  try {
    const message = JSON.parse(text) as { type?: unknown; cols?: unknown; rows?: unknown };
    const { cols, rows } = message;
    if (message.type !== 'resize' || !isSide(cols) || !isSide(rows)) return null;
    return { cols, rows };
  } catch {
    return null;
  }
}

function isSide(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= maxSide;
}

/** A close reason fits in 123 bytes of UTF-8; the whole text goes first in a `{"type":"closed"}` frame. */
function closeWith(socket: WebSocket, code: number, reason: string) {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'closed', reason }));
  let short = reason;
  while (Buffer.byteLength(short) > 123) short = [...short].slice(0, -1).join('');
  socket.close(code, short);
}

async function endReason(app: FastifyInstance, instanceId: number, exitCode: number | null) {
  const [row] = await app.db.select({ status: instances.status }).from(instances).where(eq(instances.id, instanceId));
  const status = row?.status as Status | undefined;
  if (status !== undefined && status !== Status.running) return `实例${statusNames[status]}，终端已断开`;
  return exitCode === null ? '终端已关闭' : `终端已退出（退出码 ${exitCode}）`;
}

/**
 * A web terminal on `socket`: spends the ticket, opens the login shell of the instance with a terminal
 * and bridges it — binary frames carry terminal bytes both ways, a text frame `{"type":"resize"}` resizes.
 * The socket closes with the reason when the shell ends, the instance stops or the terminal is refused.
 */
export async function serveTerminal(
  app: FastifyInstance,
  socket: WebSocket,
  o: { ticket: string; size: TerminalSize; remoteAddress: string },
) {
  // Input that arrives while the shell opens is kept for it.
  const early: RawData[] = [];
  let size = o.size;
  let session: ExecSession | null = null;
  // Keystrokes after a resize reach the shell once the new size applies (`stty size` right after sees it).
  let inOrder = Promise.resolve();
  const onMessage = (data: RawData, isBinary: boolean) => {
    if (!isBinary) {
      const resize = resizeRequest(data.toString());
      if (!resize) return;
      size = resize;
      const open = session;
      if (open) inOrder = inOrder.then(() => open.resize(resize.cols, resize.rows)).catch(() => {});
    } else if (session) {
      const open = session;
      inOrder = inOrder.then(() => void open.stdin.write(data as Buffer));
    } else early.push(data);
  };
  socket.on('message', onMessage);
  const socketClosed = new Promise<null>((resolve) => socket.once('close', () => resolve(null)));

  let userId: number | null = null;
  try {
    const redeemed = await redeemTerminalTicket(app, o.ticket);
    if (!app.terminals.open.take(redeemed.userId)) throw conflict(tooManyTerminals);
    userId = redeemed.userId;
    const { instance } = redeemed;
    session = await app.compute.driver.exec(instance, { command: null, tty: { ...size, term: 'xterm-256color' } });
    if (size.cols !== o.size.cols || size.rows !== o.size.rows) await session.resize(size.cols, size.rows);
    for (const data of early.splice(0)) session.stdin.write(data as Buffer);
    await app.db.insert(instanceLogins).values({ instanceId: instance.id, method: 'web', remoteAddress: o.remoteAddress.slice(0, 64) });

    const output = session.stdout;
    output.on('data', (chunk: Buffer) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(chunk, { binary: true });
      if (socket.bufferedAmount > highWaterBytes) {
        output.pause();
        const drained = setInterval(() => {
          if (socket.bufferedAmount > highWaterBytes / 4 && socket.readyState === socket.OPEN) return;
          clearInterval(drained);
          output.resume();
        }, 20);
      }
    });
    const exitCode = await Promise.race([session.exited, socketClosed]);
    if (exitCode === null) {
      await session.kill().catch(() => {});
      return;
    }
    // What the shell printed last is still on its way through the output stream.
    if (!output.readableEnded) await Promise.race([new Promise((resolve) => output.once('end', resolve)), delay(2000)]);
    closeWith(socket, 1000, await endReason(app, instance.id, exitCode));
  } catch (error) {
    if (error instanceof AppError || error instanceof DriverRefusal) closeWith(socket, 4000, error.message);
    else {
      app.log.error({ err: error }, 'web terminal failed');
      closeWith(socket, 1011, '终端连接失败，请稍后重试');
    }
    await session?.kill().catch(() => {});
  } finally {
    if (userId !== null) app.terminals.open.giveBack(userId);
    socket.off('message', onMessage);
  }
}
