import { api, type Page, type Paging } from '@rc/shared-utility';

export interface SubUser {
  id: number;
  mobile: string;
  nickname: string;
  shareBalance: boolean;
  balance: number;
  gmtCreate: string;
}

const subUserPath = (path: string) => `/user/auth/user/ext/${path}`;

export const listSubUsers = (paging: Paging) => api.post<Page<SubUser>>(subUserPath('list/sub/user'), paging, { errorTip: false });
export const addSubUser = (body: { mobile: string; password: string; nickname?: string }) => api.post<null>(subUserPath('add/sub/user'), body);
export const shareBalance = (subUserId: number, share: boolean) => api.post<null>(subUserPath('update/sub/user/share'), { subUserId, shareBalance: share });
export const changeSubUserMobile = (subUserId: number, mobile: string, code: string) => api.post<null>(subUserPath('update/sub/user/mobile'), { subUserId, mobile, code });
export const resetSubUserPassword = (subUserId: number, password: string) => api.post<null>(subUserPath('update/password/sub/user'), { subUserId, password });

export const certify = (realName: string, idCard: string) => api.post<null>('/user/auth/user/certification', { realName, idCard });
export const cancelCertification = () => api.post<null>('/user/auth/user/cancel/certification');

export const changePassword = (body: { mobile: string; code: string; password: string }) => api.post<null>('/user/api/user/update/password', body);
