import { api, formDownload, type Page, type Paging } from '@rc/shared-utility';
import type { DownloadRecordView } from '@rc/api-contract/data/download';
import type { StorageTaskView } from '@rc/api-contract/data/task';

export type { DownloadRecordView, StorageTaskView };

const quiet = { cache: false, errorTip: false } as const;

export const listTasks = (paging: Paging) => api.post<Page<StorageTaskView>>('/data/auth/task/list', paging, quiet);
export const cancelTask = (id: number) => api.post<StorageTaskView>('/data/auth/task/cancel', { id });
export const listDownloads = (paging: Paging) => api.post<Page<DownloadRecordView>>('/data/auth/download/list', paging, quiet);

/** Downloads the file or folder again through the form-post download of its tree: the network disk's or the file storage's. */
export function downloadAgain(record: DownloadRecordView) {
  const [kind, id = ''] = record.tree.split(/:(.*)/s);
  if (kind === 'netdisk') formDownload('/net-disk/auth/download', { regionCode: id, path: record.path });
  else formDownload('/orion/auth/file/download', { clusterId: id, path: record.path });
}
