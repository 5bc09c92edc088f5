import type {
  AppCard,
  AppCategoryView,
  AppDetail,
  AppFields,
  AppLaunchView,
  AppListBody,
  ManagedAppCard,
  TemplateBody,
  TemplateGpuModel,
  TemplateImage,
  TemplateScope,
} from '@rc/api-contract/application/app';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type {
  AppCard,
  AppCategoryView,
  AppDetail,
  AppFields,
  AppLaunchView,
  ManagedAppCard,
  TemplateBody,
  TemplateGpuModel,
  TemplateImage,
  TemplateScope,
};

export const appCategories = () => api.get<AppCategoryView[]>('/application/api/app/category/list');
export const publishedApps = (body: AppListBody) => api.post<Page<AppCard>>('/application/api/app/list', body, { errorTip: false });
export const viewApp = (id: number) => api.post<AppDetail>('/application/api/app/view', { id }, { errorTip: false });

export const myApps = (paging: Paging) => api.post<Page<ManagedAppCard>>('/application/auth/app/list', paging, { errorTip: false });
export const myApp = (id: number) => api.post<AppDetail>('/application/auth/app/audit/view', { id });
export const createApp = (fields: AppFields) => api.post<AppDetail>('/application/auth/app/save', fields);
export const updateApp = (id: number, fields: AppFields) => api.post<AppDetail>('/application/auth/app/update', { id, ...fields });
export const putaway = (id: number, on: boolean) => api.post<AppDetail>('/application/auth/app/update/putaway', { id, putaway: on });
export const deleteApp = (id: number) => api.del<null>(`/application/auth/app/delete?id=${id}`);
export const saveTemplate = (body: TemplateBody) => api.post<AppDetail>('/application/auth/app/update/template', body);
export const templateImages = () => api.post<TemplateImage[]>('/application/auth/app/instance/template/list', {});
export const templateScopes = (imageId?: number) =>
  api.post<TemplateScope[]>('/application/auth/app/instance/template/scope/list', imageId ? { imageId } : {});
export const templateGpuModels = () => api.post<TemplateGpuModel[]>('/application/auth/app/instance/template/category/list', {});
export const myLaunches = (paging: Paging) =>
  api.post<Page<AppLaunchView>>('/application/auth/app/launch/list', paging, { errorTip: false });

export const appsToReview = (paging: Paging) =>
  api.post<Page<ManagedAppCard>>('/application/auth/app/review/list', paging, { errorTip: false });
export const approveApp = (id: number) => api.post<null>('/application/auth/app/review/approve', { id });
export const rejectApp = (id: number, reason: string) => api.post<null>('/application/auth/app/review/reject', { id, reason });

/** The rent page opened pre-filled from the application's template. */
export const deployUrl = (appId: number) => `/account/suanli/create?appId=${appId}`;

export const statusColors: Record<number, 'grey' | 'green' | 'orange' | 'red' | 'black'> = {
  0: 'grey',
  1: 'green',
  2: 'orange',
  3: 'red',
  4: 'black',
};
