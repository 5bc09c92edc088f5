import { api, formDownload, type Page, type Paging } from '@rc/shared-utility';
import type { DownloadRecordView } from '@rc/api-contract/data/download';
import type { StorageTaskView } from '@rc/api-contract/data/task';

export type { DownloadRecordView, StorageTaskView };

const quiet = { cache: false, errorTip: false } as const;

export const listTasks = (paging: Paging) => api.post<Page<StorageTaskView>>('/data/auth/task/list', paging, quiet);
export const cancelTask = (id: number) => api.post<StorageTaskView>('/data/auth/task/cancel', { id });
export const listDownloads = (paging: Paging) => api.post<Page<DownloadRecordView>>('/data/auth/download/list', paging, quiet);

/** Downloads the file or folder again through the form-post download of its tree. */
export const downloadAgain = (record: DownloadRecordView) =>
  formDownload('/orion/auth/file/download', { tree: record.tree, path: record.path });
