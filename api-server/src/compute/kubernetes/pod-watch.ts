import { makeInformer, type CoreV1Api, type Informer, type KubeConfig, type ObjectCache, type V1Pod } from '@kubernetes/client-node';
import type { FastifyBaseLogger } from 'fastify';

const retryAfterErrorMs = 1_000;

/**
 * The pods of this server, kept by a list-then-watch (client-node's informer): an answer from the API server
 * that the watch's resourceVersion is too old (410 Gone) makes it list again and watch from the new version;
 * any other error retries after a second. The driver reads states from here, never by asking per instance.
 */
export class PodWatch {
  private readonly informer: Informer<V1Pod> & ObjectCache<V1Pod>;
  private readonly waiters = new Set<{ check: () => boolean; fail: (error: Error) => void }>();
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private fetched = false;
  /** The first list is in the map: a pod missing from it is missing from the cluster. */
  listed = false;

  constructor(
    config: KubeConfig,
    api: CoreV1Api,
    private readonly namespace: string,
    labelSelector: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const list = async () => {
      const pods = await api.listNamespacedPod({ namespace, labelSelector });
      this.fetched = true;
      return pods;
    };
    this.informer = makeInformer(config, `/api/v1/namespaces/${namespace}/pods`, list, labelSelector);
    this.informer.on('change', () => this.wake());
    this.informer.on('error', (error: unknown) => {
      if (this.closed) return;
      this.log.warn({ err: error }, 'Kubernetes driver: the pod watch failed, watching again');
      this.retry = setTimeout(() => void this.start(), retryAfterErrorMs);
    });
  }

  /** Lists and starts watching (errors are retried in the background). */
  async start() {
    await this.informer.start();
    if (!this.fetched || this.listed) return;
    this.listed = true;
    this.wake();
  }

  get(name: string): V1Pod | undefined {
    return this.informer.get(name, this.namespace);
  }

  /** The first answer of `check` that is not undefined, asked now and after every change the watch sees. */
  until<T>(check: () => T | undefined, timeoutMs: number, timeoutMessage: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        check: () => {
          const answer = this.listed ? check() : undefined;
          if (answer === undefined) return false;
          done();
          resolve(answer);
          return true;
        },
        fail: (error: Error) => {
          done();
          reject(error);
        },
      };
      const timer = setTimeout(() => waiter.fail(new Error(timeoutMessage)), timeoutMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      if (this.closed) return waiter.fail(new Error('the Kubernetes driver closed'));
      this.waiters.add(waiter);
      waiter.check();
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter.check();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    await this.informer.stop();
    for (const waiter of [...this.waiters]) waiter.fail(new Error('the Kubernetes driver closed'));
  }
}
