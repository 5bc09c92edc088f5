import { formatSize } from '@rc/shared-utility';
import type { InstanceView } from './instance-types';

export const usedText = (bytes: number | null) => (bytes === null ? '—' : formatSize(bytes));

/** Said after the size while an expansion waits: the host could not grow the disk in use, or the instance was off. */
const growsAtStartNote = '（扩容将在下次开机时生效）';

/**
 * The data disk's line: its use against the size bought (past 90% said so), or that it was made before disks had
 * sizes, and whether an expansion is in effect yet.
 */
export function dataDiskLine(instance: Pick<InstanceView, 'dataDiskGb' | 'dataDiskGrowsAtStart' | 'disks'>) {
  const waiting = instance.dataDiskGrowsAtStart ? growsAtStartNote : '';
  const data = instance.disks?.data;
  if (!data) return `数据盘 ${instance.dataDiskGb}GB${waiting}`;
  if (!data.limited) return `数据盘 ${instance.dataDiskGb} GB（创建于容量限制之前，不限容量）`;
  return `数据盘 ${usedText(data.usedBytes)} / ${instance.dataDiskGb} GB${dataDiskFull(data) ? '（超过 90%）' : ''}${waiting}`;
}

export function dataDiskFull(data: { usedBytes: number | null; sizeBytes: number | null }) {
  return data.usedBytes !== null && data.sizeBytes ? data.usedBytes / data.sizeBytes > 0.9 : false;
}
