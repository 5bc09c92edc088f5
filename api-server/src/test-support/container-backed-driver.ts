import fs from 'node:fs';
import type Dockerode from 'dockerode';
import type { ComputeDriver, DriverInstance, DriverMount, ExecOptions } from '../compute/driver.js';
import { execInContainer } from '../compute/podman/podman-exec.js';
import { baseImageRef } from '../compute/podman/podman-names.js';
import { SimulatedDriver } from '../compute/simulated-driver.js';

/**
 * The simulated pool's lifecycle (instant), with the instances a test gives a container logging into it and
 * serving its ports from it: exec-based features are tested against real containers through the app's driver seam.
 */
export class ContainerBackedDriver implements ComputeDriver {
  readonly name = 'simulated';
  private readonly simulated = new SimulatedDriver({ create: 0, start: 0, stop: 0, destroy: 0, reset: 0, commit: 0 });
  private readonly containers = new Map<number, string>();
  constructor(private readonly docker: Dockerode) {}

  create = (instance: DriverInstance, now: Date, mounts: DriverMount[]) => this.simulated.create(instance, now, mounts);
  start = (instance: DriverInstance, now: Date, mounts: DriverMount[]) => this.simulated.start(instance, now, mounts);
  remount = (instance: DriverInstance, mounts: DriverMount[]) => this.simulated.remount(instance, mounts);
  stop = (instance: DriverInstance, now: Date) => this.simulated.stop(instance, now);
  destroy = (instance: DriverInstance, now: Date) => this.simulated.destroy(instance, now);
  reset = (instance: DriverInstance, now: Date) => this.simulated.reset(instance, now);
  commit = (instance: DriverInstance, now: Date, imageId: number) => this.simulated.commit(instance, now, imageId);
  status = (instance: DriverInstance, now: Date) => this.simulated.status(instance, now);
  observe = (running: DriverInstance[]) => this.simulated.observe(running);
  sample = (instance: DriverInstance) => this.simulated.sample(instance);
  close = () => this.simulated.close();

  /** The instance runs in a new container of the system image from now on (removed by `removeContainers`). */
  async runContainerFor(instanceId: number, env: Record<string, string> = {}) {
    const name = `suanli-test-terminal-${process.pid}-${instanceId}`;
    // runc cannot raise a limit past the one it runs under: this process's open files, and 32768 processes (Podman's own).
    const openFiles = Number(/^Max open files\s+\S+\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 65_536);
    const container = await this.docker.createContainer({
      name,
      Image: baseImageRef,
      Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
      HostConfig: {
        Init: true,
        Ulimits: [
          { Name: 'nofile', Soft: Math.min(openFiles, 65_536), Hard: Math.min(openFiles, 65_536) },
          { Name: 'nproc', Soft: 32_768, Hard: 32_768 },
        ],
      },
    });
    this.containers.set(instanceId, name);
    await container.start();
  }

  async removeContainers() {
    await Promise.all(
      [...this.containers.values()].map((name) =>
        this.docker
          .getContainer(name)
          .remove({ force: true })
          .catch(() => {}),
      ),
    );
  }

  async exec(instance: DriverInstance, options: ExecOptions) {
    const container = this.containers.get(instance.id);
    return container ? execInContainer(this.docker, container, options) : this.simulated.exec();
  }

  async httpTarget(instance: DriverInstance, port: number) {
    const container = this.containers.get(instance.id);
    if (!container) return null;
    const info = await this.docker.getContainer(container).inspect();
    const host = Object.values(info.NetworkSettings.Networks)[0]?.IPAddress;
    return host ? { host, port } : null;
  }
}
