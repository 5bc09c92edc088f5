import type { ClusterItem } from '@rc/api-contract/hpc/cluster';
import type { SftpOpenResult, TransferResult, TrashEntry, TreeEntry, TreePage, TreeSort } from '@rc/api-contract/orion/sftp';
import type { SavedText, TextPreview } from '@rc/api-contract/file-preview';
import { api, formDownload, postForBlob } from '@rc/shared-utility';

export type { ClusterItem, SftpOpenResult, TrashEntry, TreeEntry, TreePage, TreeSort };

export const listClusters = () => api.get<ClusterItem[]>('/hpc/auth/cluster/list/byuser', undefined, { errorTip: false });
export const setDefaultCluster = (clusterId: number) => api.post<null>('/hpc/auth/cluster/update/default', { clusterId });

export const openCluster = (clusterId: number) => api.post<SftpOpenResult>('/orion/auth/sftp/open', { clusterId }, { errorTip: false });
/** A whole folder in one answer (up to 10,000 entries): the page renders only the rows in view. */
export const listFolder = (clusterId: number, path: string, sort: TreeSort, order: 'asc' | 'desc') =>
  api.post<TreePage>('/orion/auth/sftp/list', { clusterId, path, sort, order, pageSize: 10_000 }, { errorTip: false });
export const listFolders = (clusterId: number, path: string) =>
  api.post<TreeEntry[]>('/orion/auth/sftp/list-dir', { clusterId, path }, { errorTip: false });
export const makeFolder = (clusterId: number, path: string, name: string) =>
  api.post<TreeEntry>('/orion/auth/sftp/mkdir', { clusterId, path, name }, { errorTip: false });
export const renameItem = (clusterId: number, path: string, name: string) =>
  api.post<TreeEntry>('/orion/auth/sftp/rename', { clusterId, path, name });
export const moveItems = (clusterId: number, paths: string[], target: string) =>
  api.post<TransferResult>('/orion/auth/sftp/move', { clusterId, paths, target });
export const copyItems = (clusterId: number, paths: string[], target: string) =>
  api.post<TransferResult>('/orion/auth/sftp/copy', { clusterId, paths, target });
export const removeItems = (clusterId: number, paths: string[]) =>
  api.post<{ items: TrashEntry[] }>('/orion/auth/sftp/remove', { clusterId, paths });
export const listTrash = (clusterId: number) => api.post<TrashEntry[]>('/orion/auth/sftp/trash/list', { clusterId }, { errorTip: false });
export const restoreTrash = (id: number) => api.post<TrashEntry>('/orion/auth/sftp/trash/restore', { id });
export const emptyTrash = (clusterId: number) => api.post<{ removed: number }>('/orion/auth/sftp/trash/empty', { clusterId });
/** A file (resumable) or a folder as one zip. */
export const downloadItem = (clusterId: number, path: string) =>
  formDownload('/orion/auth/file/download', { path, clusterId: String(clusterId) });
/** A file's text for the preview: its start, or its end (`tail`) for a log still being written. */
export const readFileText = (clusterId: number, path: string) =>
  api.post<TextPreview>('/orion/auth/sftp/read', { clusterId, path }, { errorTip: false });
export const saveFileText = (clusterId: number, path: string, text: string) =>
  api.post<SavedText>('/orion/auth/sftp/save', { clusterId, path, text });
/** An image's or a PDF's bytes, shown in the page. */
export const readFileBytes = (clusterId: number, path: string) => postForBlob('/orion/auth/sftp/preview', { clusterId, path });
