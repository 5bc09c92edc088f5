import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import Dockerode from 'dockerode';
import { containerUlimits } from './ulimits.js';

/**
 * Podman 4.3 runs containers here only with runc and explicit ulimits (crun fails on hybrid
 * cgroups): the service the server starts reads them from its own containers.conf.
 */
const containersConf = ({ nofile, nproc }: { nofile: number; nproc: number }) => `[containers]
default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]
[engine]
runtime = "runc"
`;

/** The waits before starting a dead service again: the first at once, then longer while it keeps dying. */
const restartDelaysMs = [0, 500, 1000, 2000, 4000];
/** A service that has answered this long counts as healthy again: its next death restarts it at once. */
const healthyAfterMs = 30_000;

export interface PodmanConnection {
  docker: Dockerode;
  socketPath: string;
  close(): Promise<void>;
}

/** Where the service's deaths and restarts are told. */
export interface ServiceLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Connects to PODMAN_SOCKET, or starts `podman system service` on a socket under `dir`, starts it again whenever it
 * dies, and stops it on close. Containers outlive the service (conmon keeps them), and every API call opens a new
 * connection to the socket, so calls work again as soon as the service is back.
 */
export async function connectPodman(o: { socket: string | undefined; dir: string; log: ServiceLog }): Promise<PodmanConnection> {
  if (o.socket) {
    const docker = new Dockerode({ socketPath: o.socket });
    await waitForPing(docker, 10_000, null);
    return { docker, socketPath: o.socket, close: async () => {} };
  }
  await fs.mkdir(o.dir, { recursive: true });
  const socketPath = path.join(o.dir, 'podman.sock');
  const confPath = path.join(o.dir, 'containers.conf');
  await fs.writeFile(confPath, containersConf(await containerUlimits()));
  const docker = new Dockerode({ socketPath });
  const supervisor = new ServiceSupervisor(socketPath, confPath, o.log);
  const first = await supervisor.spawn();
  try {
    await waitForPing(docker, 20_000, first.process);
  } catch (error) {
    await supervisor.stop();
    throw new Error(`podman system service did not start: ${(error as Error).message} ${first.stderr()}`.trim(), { cause: error });
  }
  supervisor.watch(first.process);
  return { docker, socketPath, close: () => supervisor.stop() };
}

/** The `podman system service` process of this server, started again after each death until the server closes. */
class ServiceSupervisor {
  private current: ChildProcess | null = null;
  private closing = false;
  private deathsInARow = 0;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socketPath: string,
    private readonly confPath: string,
    private readonly log: ServiceLog,
  ) {}

  async spawn() {
    // A killed service leaves its socket file behind, and a new one cannot listen on it.
    await fs.rm(this.socketPath, { force: true });
    const service = spawn('podman', ['system', 'service', '--time=0', `unix://${this.socketPath}`], {
      env: { ...process.env, CONTAINERS_CONF: this.confPath },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    service.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    this.current = service;
    return { process: service, stderr: () => stderr };
  }

  watch(service: ChildProcess) {
    const startedAt = Date.now();
    service.once('exit', (code, signal) => {
      if (this.closing) return;
      this.deathsInARow = Date.now() - startedAt >= healthyAfterMs ? 1 : this.deathsInARow + 1;
      const delayMs = restartDelaysMs[Math.min(this.deathsInARow - 1, restartDelaysMs.length - 1)]!;
      this.log.error({ code, signal, restartInMs: delayMs }, 'Podman service exited; starting it again');
      this.restartTimer = setTimeout(() => void this.restart(), delayMs);
    });
  }

  private async restart() {
    this.restartTimer = null;
    if (this.closing) return;
    const { process: service } = await this.spawn();
    this.watch(service);
    this.log.warn({ pid: service.pid }, 'Podman service started again');
  }

  async stop() {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const service = this.current;
    if (!service || service.exitCode !== null || service.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      service.once('exit', () => resolve());
      service.kill('SIGTERM');
    });
  }
}

async function waitForPing(docker: Dockerode, timeoutMs: number, service: ChildProcess | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service && service.exitCode !== null) throw new Error(`exited with ${service.exitCode}`);
    try {
      await docker.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
