import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  DriverRefusal,
  type ComputeDriver,
  type DriverInstance,
  type ExecOptions,
  type InstanceSample,
  type PendingTransition,
} from '../driver.js';
import { withLockedInstance } from '../locked-instance.js';
import { Status } from '../states.js';
import { hasNvidiaCdi } from './cdi-gpus.js';
import { exitReason } from './exit-reason.js';
import { inspectContainer } from './podman-calls.js';
import { execInContainer } from './podman-exec.js';
import { podmanNames } from './podman-names.js';
import { connectPodman, type PodmanConnection } from './podman-service.js';
import { TransitionJobs } from '../transition-jobs.js';
import { containerUlimits } from './ulimits.js';
import { convergeTransition, type PodmanContext } from './transition-work.js';
import { UsageSampler } from './usage-sample.js';

/** A short name for the server's data folder: servers sharing one Podman never touch each other's containers. */
export const namespaceOf = (dataDir: string) => createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 8);

const failureMessages: Partial<Record<Status, string>> = {
  [Status.creating]: '容器创建失败',
  [Status.starting]: '开机失败',
};

/**
 * Instances as Podman containers (COMPUTE_DRIVER=podman). Lifecycle calls run inside the caller's
 * transaction, which may still roll back, so they only answer the transition; `status`, asked by the
 * scheduler on the committed row, does the Podman work in the background and reports the transition
 * done once Podman shows it.
 */
export class PodmanDriver implements ComputeDriver {
  readonly name = 'podman';
  private readonly jobs = new TransitionJobs();
  private readonly sampler: UsageSampler;

  private constructor(
    private readonly ctx: PodmanContext,
    private readonly connection: PodmanConnection,
  ) {
    this.sampler = new UsageSampler(ctx.docker);
  }

  static async open(app: FastifyInstance): Promise<ComputeDriver> {
    const connection = await connectPodman({ socket: app.config.compute.podmanSocket, dir: path.join(app.config.dataDir, 'podman') });
    const namespace = namespaceOf(app.config.dataDir);
    const context = {
      app,
      docker: connection.docker,
      namespace,
      names: podmanNames(namespace),
      cdi: await hasNvidiaCdi(),
      ulimits: await containerUlimits(),
    };
    return new PodmanDriver(context, connection);
  }

  private begin(now: Date, status: Status, nextStatus: Status): PendingTransition {
    return { status, nextStatus, expectedAt: now };
  }

  async create(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.creating, Status.running);
  }
  async start(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.starting, Status.running);
  }
  async stop(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.stopping, Status.stopped);
  }
  async destroy(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.releasing, Status.released);
  }
  async reset(_instance: DriverInstance, now: Date) {
    return this.begin(now, Status.resetting, Status.stopped);
  }
  async commit(_instance: DriverInstance, now: Date) {
    return { ...this.begin(now, Status.committing, Status.stopped), sizeBytes: 0 };
  }

  /** Mounts apply when the container is next created: Podman cannot bind a folder into a running container. */
  async remount(instance: DriverInstance) {
    this.ctx.app.log.info({ instanceId: instance.id }, 'Podman driver: the changed mounts apply at the next start');
  }

  async status(instance: DriverInstance): Promise<Status> {
    if (instance.nextStatus === null || !instance.transitionAt) return instance.status as Status;
    const expected = { status: instance.status, transitionAt: instance.transitionAt };
    const job = this.jobs.check(instance, () => convergeTransition(this.ctx, instance.id, expected), {
      done: () => this.completeSoon(instance.id),
      error: (error, attempt) =>
        this.ctx.app.log.error({ err: error, instanceId: instance.id, attempt }, 'Podman driver: transition failed'),
    });
    if (job.state === 'done') return instance.nextStatus as Status;
    if (job.state === 'failed') return Status.failed;
    return instance.status as Status;
  }

  failureReason(instance: DriverInstance) {
    const error = this.jobs.failure(instance.id);
    const message = error instanceof Error ? error.message : String(error ?? '');
    const prefix = failureMessages[instance.status as Status] ?? '操作失败';
    return `${prefix}：${message}`.slice(0, 200);
  }

  /** Completes the transition at once instead of at the scheduler's next tick (the same locked step it takes). */
  private async completeSoon(instanceId: number) {
    await withLockedInstance(this.ctx.app, instanceId, async () => true).catch((error: unknown) =>
      this.ctx.app.log.warn({ err: error, instanceId }, 'Podman driver: completing a transition waits for the scheduler'),
    );
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
