import type { SiteInfoUpdateBody, WebInfo } from '@rc/api-contract/system/site';
import { api } from '@rc/shared-utility';

export type { SiteInfoUpdateBody };

export const loadSiteInfo = () => api.post<WebInfo>('/system/api/website/get', {}, { errorTip: false });
export const saveSiteInfo = (body: SiteInfoUpdateBody) => api.post<null>('/system/auth/website/update', body);
