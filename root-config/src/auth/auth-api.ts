import { api, type LoginResult } from '@rc/shared-utility';
import type { CodeLoginBody, PasswordLoginBody, RegisterBody, ResetPasswordBody } from '@rc/api-contract/user/login';

export const loginByPassword = (body: PasswordLoginBody) => api.post<LoginResult>('/user/api/user/login/password', body);
export const loginByCode = (body: CodeLoginBody) => api.post<LoginResult>('/user/api/user/login/code', body);
export const register = (body: RegisterBody) => api.post<LoginResult>('/user/api/user/register', body);
export const resetPassword = (body: ResetPasswordBody) => api.post<null>('/user/api/user/update/password', body);
