import { formatSize } from '@rc/shared-utility';
import { dataDiskFull, dataDiskLine, usedText } from './disk-wording';
import type { InstanceView } from './instance-types';

/** Each disk's use against its size, from the last reading the server took (running instances, every few minutes). */
export function DiskUsage({ instance }: { instance: InstanceView }) {
  const { disks } = instance;
  if (!disks)
    return (
      <small className="rc-muted rc-disk-usage">
        {dataDiskLine(instance)} · 系统盘 {instance.systemDiskGb}GB（用量尚未读取）
      </small>
    );
  const { system, data, netDisk } = disks;
  const dataFull = data.limited && dataDiskFull(data);
  return (
    <div className="rc-disk-usage" title={`用量读取于 ${new Date(disks.readAt).toLocaleString('zh-CN')}`}>
      <small className={dataFull ? 'rc-disk-full' : 'rc-muted'}>{dataDiskLine(instance)}</small>
      <small className="rc-muted" title={system.limitBytes === null ? '本机存储不支持限制容器的可写层，系统盘容量未强制' : undefined}>
        系统盘 {usedText(system.usedBytes)} / {instance.systemDiskGb} GB{system.limitBytes === null ? '（未强制）' : ''}
      </small>
      {netDisk && (
        <small
          className="rc-muted"
          title={
            netDisk.heldInside ? '网盘容量在实例内同样有效' : '网盘配额在门户上传时检查；实例内写入暂不受配额限制，超出后门户将拒绝上传'
          }
        >
          网盘 {formatSize(netDisk.usedBytes)} / {formatSize(netDisk.quotaBytes)}
          {netDisk.heldInside ? '' : '（实例内不限）'}
        </small>
      )}
    </div>
  );
}
