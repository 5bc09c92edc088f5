import type {
  CloudDiskInfo,
  DeleteResult,
  DownloadPresignedResult,
  FolderResult,
  ListResult,
} from '@rc/api-contract/cloud-net-disk/cloud-disk';
import type { Region } from '@rc/api-contract/node/node';
import type { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { api, postForBlob } from '@rc/shared-utility';

export type { CloudDiskInfo, ListResult, Region };

export const listRegions = () => api.get<Region[]>('/node/auth/region/list-enable', undefined, { errorTip: false });
export const cloudDiskInfo = (regionCode: string) =>
  api.get<CloudDiskInfo>('/cloud-net-disk/auth/get', { regionCode }, { errorTip: false, cache: false });
export const activateCloudDisk = (regionCode: string) => api.post<CloudDiskInfo>('/cloud-net-disk/auth/activation', { regionCode });
export const listCloudFolder = (regionCode: string, prefix: string, continuationToken?: string) =>
  api.get<ListResult>(
    '/cloud-net-disk/auth/list',
    { regionCode, prefix, ...(continuationToken ? { continuationToken } : {}) },
    { errorTip: false, cache: false },
  );
export const createCloudFolder = (regionCode: string, prefix: string, name: string) =>
  api.post<FolderResult>('/cloud-net-disk/auth/folder', { regionCode, prefix, name });
export const downloadUrl = (regionCode: string, key: string) =>
  api.post<DownloadPresignedResult>('/cloud-net-disk/auth/download-presigned', { regionCode, key });
export const deleteCloudKeys = (regionCode: string, keys: string[]) =>
  api.del<DeleteResult>('/cloud-net-disk/auth/delete', { regionCode, keys });
export const readObjectText = (regionCode: string, key: string) =>
  api.post<TextPreview>('/cloud-net-disk/auth/read', { regionCode, key }, { errorTip: false });
export const saveObjectText = (regionCode: string, key: string, text: string) =>
  api.post<SavedText>('/cloud-net-disk/auth/save', { regionCode, key, text });
export const readObjectBytes = (regionCode: string, key: string) => postForBlob('/cloud-net-disk/auth/preview', { regionCode, key });

/** Saves what a presigned URL answers (an attachment, named by the server), without leaving the page. */
export function saveFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
