import { api, type Page, type Paging } from '@rc/shared-utility';
import type { ImageView } from '../instances/instance-types';

export type ImageTab = 'private' | 'system';

export interface Repository {
  activated: boolean;
  namespace: string;
  registry: string;
  imageCount: number;
  usedBytes: number;
  quotaBytes: number;
}

export const listImages = (tab: ImageTab, paging: Paging) =>
  api.post<Page<ImageView>>(`/image/auth/${tab}/page`, paging, { errorTip: false });
export const renameImage = (id: number, name: string) => api.put<null>('/image/auth/private/change-name', { id, name });
export const deleteImage = (id: number) => api.del<null>(`/image/auth/private/delete/${id}`);
export const getRepository = () => api.get<Repository>('/image/auth/repository', undefined, { cache: false });
export const activateRepository = (namespace: string) => api.post<Repository>('/image/auth/repository', { namespace });
