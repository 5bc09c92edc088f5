import { api, type Paging } from '@rc/shared-utility';
import type { FlaggedRecharge } from '@rc/api-contract/user/recharge';
import type { PageOf } from '@rc/api-contract/envelope';

export type { FlaggedRecharge };

export const listFlaggedRecharges = (paging: Paging & { includeReviewed?: boolean }) =>
  api.post<PageOf<FlaggedRecharge>>('/user/auth/recharge/review/list', paging);
export const markRechargeReviewed = (paymentNo: string) => api.post<null>('/user/auth/recharge/review/check', { paymentNo });
