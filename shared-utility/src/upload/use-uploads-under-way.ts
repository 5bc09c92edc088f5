import { useStore } from '@nanostores/react';
import { $uploads } from './index';
import type { UploadItem, UploadType } from './upload-types';

/** The queue's items of `uploadType` going to `params` (an absent param counts as '') that have not yet succeeded. */
export function useUploadsUnderWay(uploadType: UploadType, params: Record<string, string>): UploadItem[] {
  return useStore($uploads).filter(
    (item) =>
      item.uploadType === uploadType &&
      item.status !== 'success' &&
      Object.entries(params).every(([key, value]) => (item.uploadParams[key] ?? '') === value),
  );
}
