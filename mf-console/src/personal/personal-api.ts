import type { UserInfo } from '@rc/api-contract/user/profile';
import type { ResetPasswordBody } from '@rc/api-contract/user/login';
import type { AddedSubUser, AddSubUserBody, SubUser, SubUserMobile, SubUserShare } from '@rc/api-contract/user/sub-user';
import type { SubAccountMoney, SubAccountTransfer } from '@rc/api-contract/user/sub-account-money';
import type { SubAccountInstance, SubAccountInstances } from '@rc/api-contract/user/sub-account-instances';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { SubAccountInstance, SubUser };
export { openInstancePage } from '../instances/instance-page-api';

const subUserPath = (path: string) => `/user/auth/user/ext/${path}`;

export const listSubUsers = (paging: Paging) => api.post<Page<SubUser>>(subUserPath('list/sub/user'), paging, { errorTip: false });
export const addSubUser = (body: AddSubUserBody) => api.post<AddedSubUser>(subUserPath('add/sub/user'), body);
export const shareBalance = (subUserId: number, share: boolean) =>
  api.post<SubUserShare>(subUserPath('update/sub/user/share'), { subUserId, shareBalance: share });
export const changeSubUserMobile = (subUserId: number, mobile: string, code: string) =>
  api.post<SubUserMobile>(subUserPath('update/sub/user/mobile'), { subUserId, mobile, code });
export const resetSubUserPassword = (subUserId: number, password: string) =>
  api.post<null>(subUserPath('update/password/sub/user'), { subUserId, password });

export const certify = (realName: string, idCard: string) => api.post<UserInfo>('/user/auth/user/certification', { realName, idCard });
export const cancelCertification = () => api.post<UserInfo>('/user/auth/user/cancel/certification');

export const changePassword = (body: ResetPasswordBody) => api.post<null>('/user/api/user/update/password', body);

export const subAccountMoney = (subUserId: number) =>
  api.post<SubAccountMoney>(subUserPath('sub/money/view'), { subUserId }, { errorTip: false });
export const allotToSubAccount = (subUserId: number, amount: number) =>
  api.post<SubAccountMoney>(subUserPath('sub/money/allot'), { subUserId, amount });
export const recallFromSubAccount = (subUserId: number, amount: number) =>
  api.post<SubAccountMoney>(subUserPath('sub/money/recall'), { subUserId, amount });
export const subAccountTransfers = (subUserId: number, paging: Paging) =>
  api.post<Page<SubAccountTransfer>>(subUserPath('sub/money/log'), { subUserId, ...paging }, { errorTip: false });
export const saveSubAccountBudget = (subUserId: number, monthlyBudget: number | null) =>
  api.post<SubAccountMoney>(subUserPath('sub/budget/save'), { subUserId, monthlyBudget });

/** The instances of a sub-account that shares the main account's balance, whose web pages the main account opens. */
export const subAccountInstances = (subUserId: number) =>
  api.post<SubAccountInstances>(subUserPath('sub/instance/list'), { subUserId }, { cache: false, errorTip: false });
