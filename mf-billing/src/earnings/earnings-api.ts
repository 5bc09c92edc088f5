import type {
  IncomeLine,
  IncomeOverview,
  ReferredUser,
  Withdrawal,
  WithdrawalBody,
  WithdrawalListBody,
  WithdrawalOptions,
} from '@rc/api-contract/user/income';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { IncomeLine, IncomeOverview, ReferredUser, Withdrawal, WithdrawalBody, WithdrawalOptions };

export const incomeOverview = () => api.post<IncomeOverview>('/user/auth/user/income/view', undefined, { errorTip: false });
export const incomeLines = (paging: Paging) => api.post<Page<IncomeLine>>('/user/auth/user/income/lines', paging, { errorTip: false });
export const referredUsers = (paging: Paging) =>
  api.post<Page<ReferredUser>>('/user/auth/user/income/referred/list', paging, { errorTip: false });

export const withdrawalOptions = () =>
  api.post<WithdrawalOptions>('/user/auth/user/account/extract/options', undefined, { errorTip: false });
export const requestWithdrawal = (body: WithdrawalBody) => api.post<Withdrawal>('/user/auth/user/account/extract/log/save', body);
export const myWithdrawals = (body: Paging & Pick<WithdrawalListBody, 'status'>) =>
  api.post<Page<Withdrawal>>('/user/auth/user/account/extract/log/list', body, { errorTip: false });
export const cancelWithdrawal = (id: number) => api.post<Withdrawal>('/user/auth/user/account/extract/log/cancel', { id });

export const withdrawalStatusColors: Record<number, 'orange' | 'blue' | 'green' | 'red' | 'grey'> = {
  0: 'orange',
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'grey',
};
