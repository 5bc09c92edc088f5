import { ApiException, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { KubernetesSettings } from '../config.js';
import { kubernetesNames, namespaceOf } from '../compute/index.js';

const absent = (error: unknown) => {
  if (error instanceof ApiException && error.code === 404) return null;
  throw error;
};

/** CPUs of a Kubernetes quantity (`500m`, `2`). */
const cpusOf = (quantity: string) => (quantity.endsWith('m') ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity));

const binarySuffixes: Record<string, number> = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };
/** Bytes of a Kubernetes quantity (`2147483648`, `2Gi`). */
const bytesOf = (quantity: string) => {
  const suffix = quantity.slice(-2);
  return suffix in binarySuffixes ? Number(quantity.slice(0, -2)) * binarySuffixes[suffix]! : Number(quantity);
};

/**
 * What the Kubernetes driver of a test app (COMPUTE_DRIVER=kubernetes) created, read through the API it talks
 * to (the recorded peer or a real cluster): its names, a client, and the removal of all of it.
 */
export function kubernetesOfTestApp(dataDir: string, settings: KubernetesSettings) {
  const names = kubernetesNames(namespaceOf(dataDir));
  // The client configuration as the driver loads it (kubernetes-driver.ts), which the server's face leaves out so that
  // servers not driving Kubernetes never load its client.
  const config = new KubeConfig();
  if (settings.kubeconfig) config.loadFromFile(settings.kubeconfig);
  else config.loadFromCluster();
  const api = config.makeApiClient(CoreV1Api);
  const namespace = settings.namespace;
  const pod = (instanceId: number) => api.readNamespacedPod({ name: names.pod(instanceId), namespace }).catch(absent);
  const claim = (instanceId: number) => api.readNamespacedPersistentVolumeClaim({ name: names.claim(instanceId), namespace }).catch(absent);
  return {
    names,
    api,
    namespace,
    pod,
    claim,
    /** Whether the instance's pod and data claim exist (one being deleted counts as gone). */
    async exists(instanceId: number) {
      const [p, c] = await Promise.all([pod(instanceId), claim(instanceId)]);
      return { container: Boolean(p && !p.metadata?.deletionTimestamp), volume: Boolean(c && !c.metadata?.deletionTimestamp) };
    },
    async limits(instanceId: number) {
      const limits = (await pod(instanceId))?.spec?.containers[0]?.resources?.limits;
      return limits ? { cpus: cpusOf(limits.cpu!), memoryBytes: bytesOf(limits.memory!) } : null;
    },
    /** Deletes every pod, service and claim of the test app's namespace label. */
    async removeAll() {
      const labelSelector = names.selector;
      for (const item of (await api.listNamespacedPod({ namespace, labelSelector })).items)
        await api.deleteNamespacedPod({ name: item.metadata!.name!, namespace, gracePeriodSeconds: 0 }).catch(absent);
      for (const item of (await api.listNamespacedService({ namespace, labelSelector })).items)
        await api.deleteNamespacedService({ name: item.metadata!.name!, namespace }).catch(absent);
      for (const item of (await api.listNamespacedPersistentVolumeClaim({ namespace, labelSelector })).items)
        await api.deleteNamespacedPersistentVolumeClaim({ name: item.metadata!.name!, namespace }).catch(absent);
    },
  };
}
