import type { DirEntry, StorageUsage } from '@rc/api-contract/orion/dir';
import { api, formDownload } from '@rc/shared-utility';

export type { DirEntry, StorageUsage };

export const listFolder = (path: string) => api.post<DirEntry[]>('/orion/auth/file/userDirs', { path }, { errorTip: false });
export const storageUsage = () => api.post<StorageUsage>('/orion/auth/file/userDirs/used', {}, { errorTip: false });
export const removeEntry = (path: string) => api.post<{ files: number; bytes: number }>('/orion/auth/file/remove', { path });
/** Bytes sent only to be timed: the server counts them and keeps nothing. */
export const postSpeedTest = (body: Blob) => api.post<{ bytes: number }>('/orion/auth/file/speedTest', body, { errorTip: false });
export const downloadFile = (path: string) => formDownload('/orion/auth/file/download', { path });

/** Why the server would refuse `name` as a folder name (its file-name rule), or null. */
export function folderNameProblem(name: string): string | null {
  if (!name.trim()) return '请输入文件夹名称';
  if (new TextEncoder().encode(name).length > 255) return '文件夹名称不能超过255字节';
  if (name === '.' || name === '..') return '文件夹名称不能为“.”或“..”';
  if (/[/\\\u0000-\u001f\u007f]/.test(name)) return '文件夹名称不能包含路径分隔符或控制字符';
  return null;
}
