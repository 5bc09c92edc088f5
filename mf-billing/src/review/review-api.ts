import type { Withdrawal, WithdrawalListBody } from '@rc/api-contract/user/income';
import { api, type Page, type Paging } from '@rc/shared-utility';

export const withdrawalsToReview = (body: Paging & Pick<WithdrawalListBody, 'status'>) =>
  api.post<Page<Withdrawal>>('/user/auth/operator/withdrawal/list', body, { errorTip: false });
export const approveWithdrawal = (id: number) => api.post<Withdrawal>('/user/auth/operator/withdrawal/approve', { id });
export const rejectWithdrawal = (id: number, reason: string) =>
  api.post<Withdrawal>('/user/auth/operator/withdrawal/reject', { id, reason });
