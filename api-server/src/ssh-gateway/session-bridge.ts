import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ServerChannel, Session } from 'ssh2';
import type { ExecOptions, ExecSession } from '../compute/index.js';

/** Why a session cannot open (the instance is not running, the driver refused): shown to the user on stderr. */
export class SessionRefusal extends Error {}

/** Opens the process a session asked for in the login's instance; throws SessionRefusal with the reason it cannot. */
export type OpenProcess = (options: ExecOptions) => Promise<ExecSession>;

const sftpServer = ['/usr/lib/openssh/sftp-server'];
const harmlessEnv = /^(LANG|LC_[A-Z_]+)$/;

/**
 * One SSH session channel: a shell (with the requested terminal), a command or the SFTP subsystem,
 * bridged to a process in the instance with its streams, window size and exit status.
 */
export function bridgeSession(session: Session, open: OpenProcess, onError: (error: unknown) => void): void {
  let tty: ExecOptions['tty'] = null;
  let running: ExecSession | null = null;
  const env: Record<string, string> = {};

  session.on('pty', (accept, _reject, info) => {
    tty = { cols: info.cols || 80, rows: info.rows || 24, term: info.term || 'xterm' };
    accept?.();
  });
  session.on('window-change', (accept, _reject, info) => {
    if (tty) tty = { ...tty, cols: info.cols, rows: info.rows };
    // A resize can only fail once the process has ended: nothing left to size.
    running?.resize(info.cols, info.rows).catch(() => {});
    accept?.();
  });
  session.on('env', (accept, reject, info) => {
    if (!harmlessEnv.test(info.key)) return reject?.();
    env[info.key] = info.val;
    accept?.();
  });
  const run = (channel: ServerChannel, command: string[] | null, withTty: boolean) => {
    const options: ExecOptions = { command, tty: withTty ? tty : null, env };
    runProcess(
      channel,
      () => open(options),
      (child) => (running = child),
    ).catch(onError);
  };
  session.on('shell', (accept) => run(accept(), null, true));
  session.on('exec', (accept, _reject, info) => run(accept(), ['/bin/bash', '-c', info.command], true));
  session.on('subsystem', (accept, reject, info) => {
    if (info.name !== 'sftp') return reject();
    run(accept(), sftpServer, false);
  });
}

async function runProcess(channel: ServerChannel, open: () => Promise<ExecSession>, started: (child: ExecSession) => void) {
  let child: ExecSession;
  try {
    child = await open();
  } catch (error) {
    const refused = error instanceof SessionRefusal;
    channel.stderr.write(`${refused ? error.message : '无法连接到实例，请稍后再试'}\r\n`);
    channel.exit(1);
    channel.end();
    if (!refused) throw error;
    return;
  }
  started(child);
  let ended = false;
  channel.once('close', () => {
    if (!ended) child.kill().catch(() => {});
  });
  channel.pipe(child.stdin);
  child.stdin.on('error', () => {});
  const output = [forward(child.stdout, channel), forward(child.stderr, channel.stderr)];
  const [code] = await Promise.all([child.exited, ...output]);
  ended = true;
  channel.exit(code);
  channel.end();
}

/** Copies a child's output into the channel without ending it (the exit status goes first). */
async function forward(from: Readable, to: NodeJS.WritableStream) {
  from.pipe(to, { end: false });
  if (!from.readableEnded) await once(from, 'end').catch(() => {});
}
