import { QuotaUsage } from '@rc/shared-utility';
import './usage-bar.css';

/** What each storage refuses once full, and how to make room there. */
const storageTexts = {
  fileStorage: { blocks: '上传或新建文件', remedy: '删除不用的文件并清空回收站' },
  netDisk: { blocks: '上传、复制或解压文件', remedy: '删除不用的文件、清空回收站或扩容网盘' },
};

interface UsageBarProps {
  storage: keyof typeof storageTexts;
  label: string;
  used: number;
  quota: number;
  format: (n: number) => string;
}

/** A storage's usage bar with its figures: `used / quota` in the unit given, warning before the quota stops writes. */
export function UsageBar({ storage, label, used, quota, format }: UsageBarProps) {
  return <QuotaUsage className="rc-usage-bar" label={label} used={used} quota={quota} format={format} {...storageTexts[storage]} />;
}
