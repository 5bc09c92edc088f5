import type { V1Pod } from '@kubernetes/client-node';

/** Waiting reasons after which the kubelet will not run the container without someone changing something. */
const stuckReasons: Record<string, string> = {
  ImagePullBackOff: '镜像拉取失败',
  ErrImageNeverPull: '镜像拉取失败',
  InvalidImageName: '镜像名称无效',
  CreateContainerConfigError: '容器配置错误',
  CreateContainerError: '容器创建失败',
};

const containerOf = (pod: V1Pod) => pod.status?.containerStatuses?.[0];

/** The pod runs its container. */
export const isRunning = (pod: V1Pod | undefined) =>
  pod !== undefined &&
  !pod.metadata?.deletionTimestamp &&
  pod.status?.phase === 'Running' &&
  containerOf(pod)?.state?.running !== undefined;

/** The pod has ended (its container exited, it was evicted) or is being deleted: it will not run again. */
export const hasEnded = (pod: V1Pod) =>
  Boolean(pod.metadata?.deletionTimestamp) || pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';

/** Why a pod that was asked to run never will (Chinese, for the owner); null while it may still start. */
export function startFailure(pod: V1Pod): string | null {
  const scheduled = pod.status?.conditions?.find((condition) => condition.type === 'PodScheduled');
  if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable') {
    const message = scheduled.message ?? '';
    return message.includes('nvidia.com/gpu') ? `集群中没有满足条件的空闲GPU（${message}）` : `集群中没有满足实例要求的节点（${message}）`;
  }
  const waiting = containerOf(pod)?.state?.waiting;
  const stuck = waiting?.reason ? stuckReasons[waiting.reason] : undefined;
  if (stuck) return `${stuck}（${waiting!.reason}${waiting!.message ? `：${waiting!.message}` : ''}）`;
  if (hasEnded(pod)) return exitReason(pod);
  return null;
}

/** Why a pod is not running, for the instance's owner (the Podman driver's wording where the cause is the same). */
export function exitReason(pod: V1Pod | undefined): string {
  if (!pod) return '容器不存在';
  if (pod.status?.reason === 'Evicted') return `节点资源不足，实例被驱逐（Evicted${pod.status.message ? `：${pod.status.message}` : ''}）`;
  const terminated = containerOf(pod)?.state?.terminated ?? containerOf(pod)?.lastState?.terminated;
  if (terminated?.reason === 'OOMKilled') return '内存不足，进程被系统终止（OOM）';
  if (terminated) return `容器进程已退出（退出码 ${terminated.exitCode}）`;
  if (pod.metadata?.deletionTimestamp) return '容器已被删除';
  return `容器未在运行（${pod.status?.phase ?? '未知状态'}）`;
}
