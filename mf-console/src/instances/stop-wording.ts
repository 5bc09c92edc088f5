import { formatDateTime } from '@rc/shared-utility';
import type { InstanceView } from './instance-types';

/**
 * What the 关机 confirmation says: a pay-as-you-go instance stops paying and gives its GPUs back; a package (包日、包周、包月)
 * was paid up front, so it keeps its GPUs and its paid time runs on to the end.
 */
export function stopConfirmText(instance: Pick<InstanceView, 'name' | 'billingType' | 'billingName' | 'packageExpiresAt'>): string {
  const question = `确定关机「${instance.name}」？关机后数据保留；`;
  if (instance.billingType === 1) return `${question}按量计费实例关机后停止计算计费，GPU会释放给其他用户，再次开机时可能需要等待空闲GPU。`;
  const until = instance.packageExpiresAt ? `至 ${formatDateTime(instance.packageExpiresAt)}` : '';
  return `${question}${instance.billingName}已付费${until}，关机期间GPU仍为你保留，到期前可随时开机，已付费用不因关机退还。`;
}
