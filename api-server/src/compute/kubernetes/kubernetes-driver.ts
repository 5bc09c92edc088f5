import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { FastifyInstance } from 'fastify';
import type { KubernetesSettings } from '../../config.js';
import { DriverRefusal, type ComputeDriver, type DriverInstance, type PendingTransition } from '../driver.js';
import { withLockedInstance } from '../locked-instance.js';
import { namespaceOf } from '../podman/podman-driver.js';
import { Status } from '../states.js';
import { TransitionJobs } from '../transition-jobs.js';
import { kubernetesNames } from './kubernetes-objects.js';
import { exitReason, isRunning } from './pod-states.js';
import { PodWatch } from './pod-watch.js';
import { convergeTransition, type KubernetesContext } from './transition-work.js';

const failureMessages: Partial<Record<Status, string>> = {
  [Status.creating]: '容器创建失败',
  [Status.starting]: '开机失败',
};

/** The client configuration: the kubeconfig file named, or the service account of the pod the server runs in. */
export function kubeConfigOf(settings: KubernetesSettings) {
  const config = new KubeConfig();
  if (settings.kubeconfig) config.loadFromFile(settings.kubeconfig);
  else config.loadFromCluster();
  return config;
}

/**
 * Instances as Kubernetes pods (COMPUTE_DRIVER=kubernetes): a pod per running instance with its GPUs as
 * `nvidia.com/gpu`, a PersistentVolumeClaim as its data disk and a Service for SSH. Like the Podman driver,
 * lifecycle calls only answer the transition; `status`, asked by the scheduler on the committed row, does the
 * API work in the background. What the pods are doing is read from one watch of this server's pods.
 */
export class KubernetesDriver implements ComputeDriver {
  readonly name = 'kubernetes';
  private readonly jobs = new TransitionJobs();

  private constructor(private readonly ctx: KubernetesContext) {}

  static async open(app: FastifyInstance): Promise<ComputeDriver> {
    const settings = app.config.compute.kubernetes;
    const config = kubeConfigOf(settings);
    const api = config.makeApiClient(CoreV1Api);
    const names = kubernetesNames(namespaceOf(app.config.dataDir));
    const watch = new PodWatch(config, api, settings.namespace, names.selector, app.log);
    await watch.start();
    return new KubernetesDriver({ app, api, watch, names, settings });
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
  async commit(): Promise<never> {
    throw new DriverRefusal(
      'Kubernetes 资源池中的实例无法保存为镜像：Kubernetes 不能把运行中的容器提交为镜像。请把需要保留的文件放在 /root/data（数据盘）中',
    );
  }

  /** Network disks and datasets are not mounted into pods (they live on this server's disk, which pods do not see). */
  async remount(instance: DriverInstance) {
    this.ctx.app.log.info({ instanceId: instance.id }, 'Kubernetes driver: network disks and datasets are not mounted into pods');
  }

  async status(instance: DriverInstance): Promise<Status> {
    if (instance.nextStatus === null || !instance.transitionAt) return instance.status as Status;
    const expected = { status: instance.status, transitionAt: instance.transitionAt };
    const job = this.jobs.check(instance, () => convergeTransition(this.ctx, instance.id, expected), {
      done: () => this.completeSoon(instance.id),
      error: (error, attempt) =>
        this.ctx.app.log.error({ err: error, instanceId: instance.id, attempt }, 'Kubernetes driver: transition failed'),
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
      this.ctx.app.log.warn({ err: error, instanceId }, 'Kubernetes driver: completing a transition waits for the scheduler'),
    );
  }

  async observe(running: DriverInstance[]) {
    const stopped = new Map<number, string>();
    if (!this.ctx.watch.listed) return stopped;
    for (const instance of running) {
      if (this.jobs.busy(instance.id)) continue;
      const pod = this.ctx.watch.get(this.ctx.names.pod(instance.id));
      if (!isRunning(pod)) stopped.set(instance.id, exitReason(pod));
    }
    return stopped;
  }

  async exec(): Promise<never> {
    throw new DriverRefusal('Kubernetes 资源池中的实例暂不支持通过平台登录（网页终端与 SSH 网关）；可在集群内通过实例的 SSH 服务连接');
  }

  /** No metrics API is read: the monitor shows no samples for pods. */
  async sample() {
    return null;
  }

  async httpTarget(instance: DriverInstance, port: number) {
    const pod = this.ctx.watch.get(this.ctx.names.pod(instance.id));
    const host = isRunning(pod) ? pod!.status?.podIP : undefined;
    return host ? { host, port } : null;
  }

  /** The API server answers and this server may list its pods in the namespace (one pod at most is read). */
  async probe() {
    await this.ctx.api.listNamespacedPod({ namespace: this.ctx.settings.namespace, labelSelector: this.ctx.names.selector, limit: 1 });
  }

  /** Lets the work under way finish or end with the watch; pods keep running for the next server. */
  async close() {
    await this.ctx.watch.close();
    await this.jobs.settle();
  }
}
