import type { BalanceThreshold } from '@rc/api-contract/user/income';
import { api } from '@rc/shared-utility';

/** How many sub-accounts the signed-in main account has (one row fetched, the total read). */
export const subAccountCount = () =>
  api.post<{ list: unknown[]; total: number }>('/user/auth/user/ext/list/sub/user', { pageNum: 1, pageSize: 1 }, { errorTip: false });

export const balanceThreshold = () =>
  api.post<BalanceThreshold>('/user/auth/user/ext/balance/threshold/view', undefined, { errorTip: false });
export const saveBalanceThreshold = (threshold: number | null) =>
  api.post<BalanceThreshold>('/user/auth/user/ext/balance/threshold/save', { threshold });
