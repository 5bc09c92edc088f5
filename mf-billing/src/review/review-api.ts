import { api, type Page, type Paging } from '@rc/shared-utility';
import type { FlaggedRecharge } from '@rc/api-contract/user/recharge';
import type { Withdrawal, WithdrawalListBody } from '@rc/api-contract/user/income';
import type { PageOf } from '@rc/api-contract/envelope';

export type { FlaggedRecharge };

export const listFlaggedRecharges = (paging: Paging & { includeReviewed?: boolean }) =>
  api.post<PageOf<FlaggedRecharge>>('/user/auth/recharge/review/list', paging);
export const markRechargeReviewed = (paymentNo: string) => api.post<null>('/user/auth/recharge/review/check', { paymentNo });

export const withdrawalsToReview = (body: Paging & Pick<WithdrawalListBody, 'status'>) =>
  api.post<Page<Withdrawal>>('/user/auth/user/account/extract/review/list', body, { errorTip: false });
export const approveWithdrawal = (id: number) => api.post<Withdrawal>('/user/auth/user/account/extract/review/approve', { id });
export const rejectWithdrawal = (id: number, reason: string) =>
  api.post<Withdrawal>('/user/auth/user/account/extract/review/reject', { id, reason });
