import { api } from '@rc/shared-utility';
import type { IssuedVoucherBatch, IssueVoucherBatchBody, VoucherBatchView, VoucherState, VoucherView } from '@rc/api-contract/user/voucher';

export type { IssueVoucherBatchBody, VoucherBatchView, VoucherState, VoucherView };

export const listVouchers = () => api.post<VoucherView[]>('/user/auth/voucher/list', {}, { errorTip: false });
export const redeemVoucher = (code: string) =>
  api.post<{ id: number; name: string; amount: number }>('/user/auth/voucher/redeem', { code });
export const listVoucherBatches = () => api.post<VoucherBatchView[]>('/user/auth/voucher/batch/list', {}, { errorTip: false });
export const issueVoucherBatch = (body: IssueVoucherBatchBody) => api.post<IssuedVoucherBatch>('/user/auth/voucher/batch/issue', body);
