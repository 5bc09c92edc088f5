import type { StorageOverview } from '@rc/api-contract/user/data-disk';
import type { Bill } from '@rc/api-contract/user/order';
import { api, type Page } from '@rc/shared-utility';

const fresh = { cache: false, errorTip: false } as const;

export const storageSummary = () => api.get<StorageOverview>('/user/auth/dashboard/storage', undefined, fresh);
export const recentCharges = () => api.post<Page<Bill>>('/user/auth/order/bill/list', { pageSize: 5 }, { errorTip: false });
