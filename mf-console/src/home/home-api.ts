import { api, type Page } from '@rc/shared-utility';

export interface Statistics {
  totalContainer: number;
  running: number;
  stopped: number;
  busy: number;
  failed: number;
}

export interface StorageSummary {
  systemDiskGb: number;
  dataDiskGb: number;
  dataDiskExtraGb: number;
}

export interface Charge {
  id: number;
  amount: number;
  note: string;
  gmtCreate: string;
}

const fresh = { cache: false, errorTip: false } as const;

export const storageSummary = () => api.get<StorageSummary>('/user/auth/dashboard/storage', undefined, fresh);
export const instanceStatistics = () => api.get<Statistics>('/container/auth/statistics', undefined, fresh);
export const recentCharges = () => api.post<Page<Charge>>('/user/auth/order/bill/list', { pageSize: 5 }, { errorTip: false });
