import type { UploadItem } from './upload-types';

/** Spec §4 labels: 准备中, 等待上传, 上传中 n%, 已暂停, 上传成功, 上传失败. */
export function statusLabel(item: Pick<UploadItem, 'status' | 'progress'>): string {
  switch (item.status) {
    case 'preparing':
      return '准备中';
    case 'pending':
      return '等待上传';
    case 'uploading':
      return `上传中 ${item.progress}%`;
    case 'paused':
      return '已暂停';
    case 'success':
      return '上传成功';
    case 'error':
      return '上传失败';
  }
}
