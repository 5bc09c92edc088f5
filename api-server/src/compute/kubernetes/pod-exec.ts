import { PassThrough } from 'node:stream';
import { Exec, type KubeConfig, type V1Status } from '@kubernetes/client-node';
import type { ExecOptions, ExecSession } from '../driver.js';

const loginShell = ['/bin/bash', '-l'];
/** The terminal-size channel of the API server's exec protocol (channel.k8s.io). */
const resizeChannel = 4;

/** The exit code an exec's closing status carries: 0 on Success, the NonZeroExitCode's code, else 255. */
export function exitCodeOf(status: V1Status | null): number {
  if (status?.status === 'Success') return 0;
  const code = status?.details?.causes?.find((cause) => cause.reason === 'ExitCode')?.message;
  return code !== undefined && /^\d+$/.test(code) ? Number(code) : 255;
}

/**
 * Runs a process in the pod's container through the API server's exec (a WebSocket of channel.k8s.io), as root in
 * /root, with `HOME`, the terminal's `TERM` and `options.env` set (the exec API passes no environment: `env` does).
 */
export async function execInPod(config: KubeConfig, target: { namespace: string; pod: string; container: string }, options: ExecOptions) {
  const tty = options.tty !== null;
  const env = Object.entries({ HOME: '/root', ...(options.tty ? { TERM: options.tty.term } : {}), ...options.env }).map(
    ([name, value]) => `${name}=${value}`,
  );
  const command = ['env', ...env, 'sh', '-c', 'cd /root 2>/dev/null; exec "$@"', 'sh', ...(options.command ?? loginShell)];
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let settle: (code: number) => void = () => {};
  const exited = new Promise<number>((resolve) => (settle = resolve));
  const socket = await new Exec(config).exec(
    target.namespace,
    target.pod,
    target.container,
    command,
    stdout,
    tty ? null : stderr,
    stdin,
    tty,
    (status) => settle(exitCodeOf(status)),
  );
  if (tty) stderr.end();
  socket.addEventListener('close', () => {
    stdout.end();
    stderr.end();
    settle(255);
  });
  const resize = async (cols: number, rows: number) => {
    if (!tty) return;
    const size = Buffer.from(JSON.stringify({ Width: cols, Height: rows }));
    socket.send(Buffer.concat([Buffer.from([resizeChannel]), size]));
  };
  if (options.tty) await resize(options.tty.cols, options.tty.rows);
  const session: ExecSession = {
    stdin,
    stdout,
    stderr,
    resize,
    exited,
    kill: async () => socket.close(),
  };
  return session;
}
