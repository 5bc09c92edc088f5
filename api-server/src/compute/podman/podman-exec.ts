import { PassThrough, type Duplex } from 'node:stream';
import type Dockerode from 'dockerode';
import type { ExecOptions, ExecSession } from '../driver.js';

const loginShell = ['/bin/bash', '-l'];

/** Runs a process in the container through the exec API, hijacking the connection for stdin. */
export async function execInContainer(docker: Dockerode, container: string, options: ExecOptions): Promise<ExecSession> {
  const tty = options.tty !== null;
  const env = Object.entries({ HOME: '/root', ...(options.tty ? { TERM: options.tty.term } : {}), ...options.env }).map(
    ([name, value]) => `${name}=${value}`,
  );
  const exec = await docker.getContainer(container).exec({
    Cmd: options.command ?? loginShell,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    Tty: tty,
    Env: env,
    User: 'root',
    WorkingDir: '/root',
  });
  // Podman takes the terminal's first size with the start (h, w): a resize after it races a short command, which
  // would see a 0x0 terminal, and fails once the process has ended.
  const size = options.tty ? { h: options.tty.rows, w: options.tty.cols } : {};
  const stream = (await exec.start({ hijack: true, stdin: true, Tty: tty, ...size })) as Duplex;
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  if (tty) {
    stream.pipe(stdout);
    stderr.end();
  } else {
    docker.modem.demuxStream(stream, stdout, stderr);
    stream.once('end', () => {
      stdout.end();
      stderr.end();
    });
  }
  const exited = new Promise<number>((resolve) => {
    const finish = () =>
      exec.inspect().then(
        (info) => resolve(info.ExitCode ?? 255),
        () => resolve(255),
      );
    stream.once('end', finish);
    stream.once('close', finish);
  });
  const resize = async (cols: number, rows: number) => {
    if (!tty) return;
    // Podman answers 201 to a resize, which dockerode reports as an error although the size applied.
    await exec.resize({ w: cols, h: rows }).catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 201) throw error;
    });
  };
  return {
    stdin: stream,
    stdout,
    stderr,
    resize,
    exited,
    kill: async () => {
      const { Pid } = await exec.inspect();
      if (Pid) process.kill(Pid, 'SIGHUP');
      stream.destroy();
    },
  };
}
