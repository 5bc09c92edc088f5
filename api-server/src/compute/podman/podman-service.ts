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

export interface PodmanConnection {
  docker: Dockerode;
  socketPath: string;
  close(): Promise<void>;
}

/** Connects to PODMAN_SOCKET, or starts `podman system service` on a socket under `dir` and stops it on close. */
export async function connectPodman(o: { socket: string | undefined; dir: string }): Promise<PodmanConnection> {
  if (o.socket) {
    const docker = new Dockerode({ socketPath: o.socket });
    await waitForPing(docker, 10_000, null);
    return { docker, socketPath: o.socket, close: async () => {} };
  }
  await fs.mkdir(o.dir, { recursive: true });
  const socketPath = path.join(o.dir, 'podman.sock');
  const confPath = path.join(o.dir, 'containers.conf');
  await fs.writeFile(confPath, containersConf(await containerUlimits()));
  await fs.rm(socketPath, { force: true });
  const service = spawn('podman', ['system', 'service', '--time=0', `unix://${socketPath}`], {
    env: { ...process.env, CONTAINERS_CONF: confPath },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  service.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const docker = new Dockerode({ socketPath });
  try {
    await waitForPing(docker, 20_000, service);
  } catch (error) {
    service.kill('SIGTERM');
    throw new Error(`podman system service did not start: ${(error as Error).message} ${stderr}`.trim(), { cause: error });
  }
  return { docker, socketPath, close: () => stopService(service) };
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

function stopService(service: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (service.exitCode !== null) return resolve();
    service.once('exit', () => resolve());
    service.kill('SIGTERM');
  });
}
