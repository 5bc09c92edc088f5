import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { FastifyInstance } from 'fastify';
import type { KubernetesSettings } from '../../config.js';
import { BackgroundTransitionDriver, type ExpectedTransition } from '../background-transitions.js';
import { DriverRefusal, type ComputeDriver, type DriverInstance, type ExecOptions } from '../driver.js';
import { namespaceOf } from '../podman/podman-names.js';
import { kubernetesNames, podContainer } from './kubernetes-objects.js';
import { execInPod } from './pod-exec.js';
import { exitReason, isRunning } from './pod-states.js';
import { PodWatch } from './pod-watch.js';
import { convergeTransition, type KubernetesContext } from './transition-work.js';

/** The client configuration: the kubeconfig file named, or the service account of the pod the server runs in. */
function kubeConfigOf(settings: KubernetesSettings) {
  const config = new KubeConfig();
  if (settings.kubeconfig) config.loadFromFile(settings.kubeconfig);
  else config.loadFromCluster();
  return config;
}

/**
 * Instances as Kubernetes pods (COMPUTE_DRIVER=kubernetes): a pod per running instance with its GPUs as
 * `nvidia.com/gpu`, a PersistentVolumeClaim as its data disk and a Service for SSH; processes run in it through the
 * API server's exec. Like the Podman driver,
 * lifecycle calls only answer the transition; `status`, asked by the scheduler on the committed row, does the
 * API work in the background. What the pods are doing is read from one watch of this server's pods.
 */
export class KubernetesDriver extends BackgroundTransitionDriver implements ComputeDriver {
  readonly name = 'kubernetes';
  protected readonly logName = 'Kubernetes driver';

  private constructor(private readonly ctx: KubernetesContext) {
    super();
  }

  protected get app() {
    return this.ctx.app;
  }

  protected converge(instanceId: number, expected: ExpectedTransition) {
    return convergeTransition(this.ctx, instanceId, expected);
  }

  static async open(app: FastifyInstance): Promise<ComputeDriver> {
    const settings = app.config.compute.kubernetes;
    const config = kubeConfigOf(settings);
    const api = config.makeApiClient(CoreV1Api);
    const names = kubernetesNames(namespaceOf(app.config.dataDir));
    const watch = new PodWatch(config, api, settings.namespace, names.selector, app.log);
    await watch.start();
    return new KubernetesDriver({ app, config, api, watch, names, settings });
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

  /** A process in the running pod's container, through the API server's exec (the terminal, the SSH gateway, the application service's state). */
  async exec(instance: DriverInstance, options: ExecOptions) {
    const pod = this.ctx.names.pod(instance.id);
    if (!isRunning(this.ctx.watch.get(pod))) throw new DriverRefusal('实例未运行，无法登录');
    return execInPod(this.ctx.config, { namespace: this.ctx.settings.namespace, pod, container: podContainer }, options);
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
