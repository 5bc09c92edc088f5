import type { ResourceRow, ResourceView, StorageResourceRow } from '@rc/api-contract/user/bills';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { ResourceRow, ResourceView, StorageResourceRow };
export type ResourceKind = 'gpu' | 'disk';

export const listResources = (body: Paging & { kind: ResourceKind }) =>
  api.post<Page<ResourceRow>>('/user/auth/bill/resource/list', body, { errorTip: false });
export const viewResource = (id: number, kind: ResourceKind) =>
  api.post<ResourceView>('/user/auth/bill/resource/view', { id, kind }, { errorTip: false });
export const listStorageResources = () => api.post<StorageResourceRow[]>('/user/auth/bill/resource/storage', {}, { errorTip: false });
