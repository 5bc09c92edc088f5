import type { ContainerInspectInfo } from 'dockerode';

/** Why a container is not running, for the instance's owner. */
export function exitReason(info: ContainerInspectInfo | null): string {
  if (!info) return '容器不存在';
  if (info.State.OOMKilled) return '内存不足，进程被系统终止（OOM）';
  return `容器进程已退出（退出码 ${info.State.ExitCode}）`;
}
