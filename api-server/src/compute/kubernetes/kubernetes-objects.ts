import { createHash } from 'node:crypto';
import type { V1PersistentVolumeClaim, V1Pod, V1Service } from '@kubernetes/client-node';
import type { KubernetesSettings } from '../../config.js';
import { hostnameOf } from '../podman/container-plan.js';

export const gpuResource = 'nvidia.com/gpu';
/** The name of the instance's container in its pod. */
export const podContainer = 'instance';
const planAnnotation = 'suanli.io/plan';

/** Names and labels of what the driver creates, under a namespace of its own (one per server's data folder). */
export function kubernetesNames(namespace: string) {
  return {
    pod: (instanceId: number) => `suanli-${namespace}-${instanceId}`,
    claim: (instanceId: number) => `suanli-${namespace}-${instanceId}-data`,
    service: (instanceId: number) => `suanli-${namespace}-${instanceId}-ssh`,
    labels: (instanceId: number) => ({ 'suanli.io/namespace': namespace, 'suanli.io/instance': String(instanceId) }),
    /** Selects every pod of this server. */
    selector: `suanli.io/namespace=${namespace}`,
  };
}

export type KubernetesNames = ReturnType<typeof kubernetesNames>;

/** Everything an instance's pod is made from. */
export interface PodPlan {
  instanceId: number;
  name: string;
  image: string;
  env: Record<string, string>;
  cpus: number;
  memoryBytes: number;
  gpus: number;
  gpuModelCode: string;
  regionCode: string;
}

/** The image a pod runs: images built on this machine (`localhost/...`) come from the configured registry. */
export function podImage(runtimeRef: string, registry: string | undefined) {
  return registry && runtimeRef.startsWith('localhost/') ? `${registry}/${runtimeRef.slice('localhost/'.length)}` : runtimeRef;
}

/** What a pod cannot change once created (its image, cards and limits), as a short hash. */
function planHash(plan: PodPlan) {
  return createHash('sha256')
    .update(JSON.stringify([plan.image, plan.gpus, plan.cpus, plan.memoryBytes, plan.gpuModelCode, plan.regionCode]))
    .digest('hex')
    .slice(0, 16);
}

/** Whether a pod was made from this plan. */
export const podMatches = (pod: V1Pod, plan: PodPlan) => pod.metadata?.annotations?.[planAnnotation] === planHash(plan);

/**
 * The instance's pod: its image, CPU and memory requested and limited alike, `nvidia.com/gpu` cards on a node
 * whose labels name the pool's GPU model and region, the data claim at /root/data. It never restarts: a
 * container that exits leaves the instance stopped, as on Podman.
 */
export function podOf(plan: PodPlan, names: KubernetesNames, settings: KubernetesSettings): V1Pod {
  const compute = { cpu: `${Math.round(plan.cpus * 1000)}m`, memory: String(plan.memoryBytes) };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: names.pod(plan.instanceId),
      labels: names.labels(plan.instanceId),
      annotations: { [planAnnotation]: planHash(plan) },
    },
    spec: {
      hostname: hostnameOf(plan.name, plan.instanceId),
      restartPolicy: 'Never',
      nodeSelector: { [settings.gpuModelLabel]: plan.gpuModelCode, [settings.regionLabel]: plan.regionCode },
      tolerations: [{ key: gpuResource, operator: 'Exists', effect: 'NoSchedule' }],
      containers: [
        {
          name: podContainer,
          image: plan.image,
          env: Object.entries(plan.env).map(([name, value]) => ({ name, value })),
          ports: [{ name: 'ssh', containerPort: 22 }],
          resources: {
            requests: compute,
            limits: { ...compute, ...(plan.gpus > 0 ? { [gpuResource]: String(plan.gpus) } : {}) },
          },
          volumeMounts: [{ name: 'data', mountPath: '/root/data' }],
        },
      ],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: names.claim(plan.instanceId) } }],
    },
  };
}

/** The data disk: a claim of the instance's size; a clone's is cloned from its source's claim (CSI volume cloning). */
export function claimOf(
  o: { instanceId: number; sizeGb: number; clonedFromId: number | null },
  names: KubernetesNames,
  settings: KubernetesSettings,
): V1PersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: names.claim(o.instanceId), labels: names.labels(o.instanceId) },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: `${o.sizeGb}Gi` } },
      ...(settings.storageClass ? { storageClassName: settings.storageClass } : {}),
      ...(o.clonedFromId === null ? {} : { dataSource: { kind: 'PersistentVolumeClaim', name: names.claim(o.clonedFromId) } }),
    },
  };
}

/** Port 22 of the instance's pod, reachable inside the cluster or on every node (NodePort). */
export function sshServiceOf(instanceId: number, names: KubernetesNames, settings: KubernetesSettings): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: names.service(instanceId), labels: names.labels(instanceId) },
    spec: {
      type: settings.sshServiceType,
      selector: names.labels(instanceId),
      ports: [{ name: 'ssh', port: 22, targetPort: 22, protocol: 'TCP' }],
    },
  };
}
