import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { connectPodman, type PodmanConnection } from '../compute/podman/podman-service.js';
import { baseImageRef } from '../compute/podman/podman-names.js';

let containers = 0;

/**
 * A Podman service of the test file's own (a socket under a temporary folder) and containers of the
 * system image it removes on close. scripts/ensure-podman.sh (vitest's global setup) built the image.
 */
export async function openTestPodman() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rc-podman-'));
  const podman: PodmanConnection = await connectPodman({ socket: undefined, dir });
  const started: string[] = [];
  return {
    ...podman,
    dir,
    /** A running container of the system image, as the driver would start one (no limits, no volume). */
    async runContainer(o: { env?: Record<string, string> } = {}) {
      const name = `suanli-test-${process.pid}-${++containers}`;
      const container = await podman.docker.createContainer({
        name,
        Image: baseImageRef,
        Env: Object.entries(o.env ?? {}).map(([key, value]) => `${key}=${value}`),
        HostConfig: { Init: true },
      });
      started.push(name);
      await container.start();
      return name;
    },
    async close() {
      await Promise.all(
        started.map((name) =>
          podman.docker
            .getContainer(name)
            .remove({ force: true })
            .catch(() => {}),
        ),
      );
      await podman.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
