import path from 'node:path';
import type { ContainerInspectOptions } from 'dockerode';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/index.js';
import {
  DriverRefusal,
  type ComputeDriver,
  type DataDiskGrowth,
  type DiskUsage,
  type DriverInstance,
  type ExecOptions,
  type InstanceSample,
} from '../driver.js';
import { BackgroundTransitionDriver, type ExpectedTransition } from '../background-transitions.js';
import { Status } from '../states.js';
import { hasNvidiaCdi } from './cdi-gpus.js';
import { exitReason } from './exit-reason.js';
import { dataVolumeUsage, growDataVolume } from './data-volume.js';
import { inspectContainer } from './podman-calls.js';
import { execInContainer } from './podman-exec.js';
import { namespaceOf, podmanNames } from './podman-names.js';
import { connectPodman, type PodmanConnection } from './podman-service.js';
import { systemDiskCap } from './system-disk-quota.js';
import { systemDiskImageBytes } from './system-disk-image.js';
import { containerUlimits } from './ulimits.js';
import { convergeTransition, type PodmanContext } from './transition-work.js';
import { UsageSampler } from './usage-sample.js';

/**
 * Instances as Podman containers (COMPUTE_DRIVER=podman). Lifecycle calls run inside the caller's
 * transaction, which may still roll back, so they only answer the transition; `status`, asked by the
 * scheduler on the committed row, does the Podman work in the background and reports the transition
 * done once Podman shows it.
 */
export class PodmanDriver extends BackgroundTransitionDriver implements ComputeDriver {
  readonly name = 'podman';
  protected readonly logName = 'Podman driver';
  private readonly sampler: UsageSampler;

  private constructor(
    private readonly ctx: PodmanContext,
    private readonly connection: PodmanConnection,
  ) {
    super();
    this.sampler = new UsageSampler(ctx.docker);
  }

  protected get app() {
    return this.ctx.app;
  }

  protected converge(instanceId: number, expected: ExpectedTransition) {
    return convergeTransition(this.ctx, instanceId, expected);
  }

  static async open(app: FastifyInstance): Promise<ComputeDriver> {
    const connection = await connectPodman({
      socket: app.config.compute.podmanSocket,
      dir: path.join(app.config.dataDir, 'podman'),
      log: app.log,
    });
    const namespace = namespaceOf(app.config.dataDir);
    const context = {
      app,
      docker: connection.docker,
      namespace,
      names: podmanNames(namespace),
      disksDir: path.join(app.config.dataDir, 'disks'),
      cdi: await hasNvidiaCdi(),
      systemDisk: await systemDiskCap(connection.docker, app.config.compute.systemDiskLimit),
      ulimits: await containerUlimits(),
    };
    return new PodmanDriver(context, connection);
  }

  async commit(_instance: DriverInstance, now: Date) {
    return { ...this.begin(now, Status.committing, Status.stopped), sizeBytes: 0 };
  }

  /** Mounts apply when the container is next created: Podman cannot bind a folder into a running container. */
  async remount(instance: DriverInstance) {
    this.ctx.app.log.info({ instanceId: instance.id }, 'Podman driver: the changed mounts apply at the next start');
  }

  async observe(running: DriverInstance[]) {
    const stopped = new Map<number, string>();
    if (running.length === 0) return stopped;
    const listed = await this.ctx.docker.listContainers({ all: true, filters: { label: [`suanli.namespace=${this.ctx.namespace}`] } });
    const state = new Map(listed.map((container) => [container.Labels['suanli.instance'], container.State]));
    for (const instance of running) {
      if (this.jobs.busy(instance.id) || state.get(String(instance.id)) === 'running') continue;
      const info = await inspectContainer(this.ctx.docker, this.ctx.names.container(instance.id));
      if (info?.State.Running) continue;
      stopped.set(instance.id, exitReason(info));
      this.sampler.forget(this.ctx.names.container(instance.id));
    }
    return stopped;
  }

  private async runningContainer(instance: DriverInstance) {
    const name = this.ctx.names.container(instance.id);
    const info = await inspectContainer(this.ctx.docker, name);
    return info?.State.Running ? info : null;
  }

  async exec(instance: DriverInstance, options: ExecOptions) {
    if (!(await this.runningContainer(instance))) throw new DriverRefusal('实例未运行，无法登录');
    return execInContainer(this.ctx.docker, this.ctx.names.container(instance.id), options);
  }

  async sample(instance: DriverInstance): Promise<InstanceSample | null> {
    if (!(await this.runningContainer(instance))) return null;
    return this.sampler.sample(this.ctx.names.container(instance.id), this.ctx.cdi ? instance.gpuIndices : []);
  }

  async growDataDisk(instance: DriverInstance): Promise<DataDiskGrowth> {
    const [row] = await this.ctx.app.db.select().from(instances).where(eq(instances.id, instance.id));
    return growDataVolume(this.ctx, row!);
  }

  /** The writable layer's size (Podman walks it: call it sparingly) and the data disk's statfs while mounted. */
  async diskUsage(instance: DriverInstance): Promise<DiskUsage> {
    const name = this.ctx.names.container(instance.id);
    const info = (await this.ctx.docker
      .getContainer(name)
      .inspect({ size: true } as ContainerInspectOptions)
      .catch(() => null)) as { SizeRw?: number; HostConfig?: { StorageOpt?: Record<string, string> | null } } | null;
    const limit = Number(info?.HostConfig?.StorageOpt?.size) || (await systemDiskImageBytes(this.ctx, instance.id));
    const data = await dataVolumeUsage(this.ctx, instance.id);
    return {
      system: { usedBytes: info?.SizeRw ?? null, limitBytes: limit || null },
      data: data.limited
        ? { limited: true, usedBytes: data.reading?.usedBytes ?? null, sizeBytes: data.reading?.sizeBytes ?? null }
        : { limited: false, usedBytes: null, sizeBytes: null },
    };
  }

  async httpTarget(instance: DriverInstance, port: number) {
    const info = await this.runningContainer(instance);
    const host = Object.values(info?.NetworkSettings.Networks ?? {}).find((network) => network.IPAddress)?.IPAddress;
    return host ? { host, port } : null;
  }

  /** Lets the work under way finish, then closes the connection; containers keep running for the next server. */
  /** The Podman API answers on its socket. */
  async probe() {
    await this.ctx.docker.ping();
  }

  async close() {
    await this.jobs.settle();
    await this.connection.close();
  }
}
