import { api, type LoginResult } from '@rc/shared-utility';
import type { CodeLoginBody, PasswordLoginBody, RegisterBody, ResetPasswordBody } from '@rc/api-contract/user/login';
import type { ReferralCodeResult } from '@rc/api-contract/system/site';

export const loginByPassword = (body: PasswordLoginBody) => api.post<LoginResult>('/user/api/user/login/password', body);
export const loginByCode = (body: CodeLoginBody) => api.post<LoginResult>('/user/api/user/login/code', body);
export const register = (body: RegisterBody) => api.post<LoginResult>('/user/api/user/register', body);
export const resetPassword = (body: ResetPasswordBody) => api.post<null>('/user/api/user/update/password', body);
/** Checks a referral link's code quietly: an unknown or disabled one leads to `/noRecommend` instead of a toast. */
export const checkReferralCode = (referralCode: string) =>
  api.post<ReferralCodeResult>('/system/api/website/referral/code', { referralCode }, { errorTip: false });
