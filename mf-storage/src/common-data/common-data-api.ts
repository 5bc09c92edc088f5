import { api, type ApiResult, type Page, type Paging } from '@rc/shared-utility';
import type { DatasetCopyBody, DatasetFile, DatasetView, MyDatasetCreateBody, MyDatasetUpdateBody } from '@rc/api-contract/data/dataset';
import type { InstanceMountView } from '@rc/api-contract/data/mount';
import type { StorageTaskView } from '@rc/api-contract/data/task';
import type { Region } from '@rc/api-contract/node/node';

export type { DatasetFile, DatasetView, InstanceMountView, MyDatasetCreateBody, Region };

const noCache = { cache: false } as const;

export const listPublicDatasets = (paging: Paging, keyword: string) =>
  api.post<Page<DatasetView>>('/data/api/dataset/list', { ...paging, keyword }, { ...noCache, errorTip: false });
export const listMyDatasets = (paging: Paging) =>
  api.post<Page<DatasetView>>('/data/auth/my-dataset/list', paging, { ...noCache, errorTip: false });

/** The files of one folder of a dataset: a public one, or one of mine. */
export const listDatasetFiles = (dataset: DatasetView, path: string) =>
  api.post<DatasetFile[]>(
    dataset.isPublic ? '/data/api/dataset/files' : '/data/auth/my-dataset/files',
    { id: dataset.id, path },
    {
      ...noCache,
      errorTip: false,
    },
  );

export const copyToNetDisk = (body: DatasetCopyBody) => api.post<StorageTaskView>('/data/auth/dataset/copy', body);
export const mountDataset = (id: number, instanceId: number) =>
  api.post<InstanceMountView[]>('/data/auth/dataset/mount', { id, instanceId });

export const createMyDataset = (body: MyDatasetCreateBody) =>
  api.post<{ dataset: DatasetView; task: StorageTaskView }>('/data/auth/my-dataset/create', body);
export const updateMyDataset = (body: MyDatasetUpdateBody) => api.post<DatasetView>('/data/auth/my-dataset/update', body);
export const deleteMyDataset = (id: number) => api.post<DatasetView>('/data/auth/my-dataset/delete', { id });

export const listRegions = () => api.get<Region[]>('/node/auth/region/list-enable');

interface InstanceChoice {
  id: number;
  name: string;
  status: number;
  statusName: string;
  regionName: string;
}

/** The instances a dataset can be mounted into: mine, running or stopped. */
export async function mountableInstances(): Promise<ApiResult<InstanceChoice[]>> {
  const answer = await api.post<Page<InstanceChoice>>('/container/auth/list', { pageNum: 1, pageSize: 100 }, noCache);
  if (answer.code !== 200) return { ...answer, data: [] };
  return { ...answer, data: answer.data.list.filter((instance) => instance.status === 2 || instance.status === 4) };
}
