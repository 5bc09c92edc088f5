import { api, refreshCounters, type Page, type Paging } from '@rc/shared-utility';
import type { HpcAccountView, HpcApplyBody, HpcReviewItem } from '@rc/api-contract/hpc/account';
import type { HpcOverview, HpcPackageProduct, HpcPackageView, HpcPartitionView } from '@rc/api-contract/hpc/resource';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import type { GpuModelStat, Region } from '@rc/api-contract/node/node';

export type { GpuModelStat, HpcAccountView, HpcOverview, HpcPackageProduct, HpcPackageView, HpcPartitionView, HpcReviewItem };

const noCache = { cache: false } as const;
const quiet = { ...noCache, errorTip: false } as const;

/** /account/superHome: accounts per cluster, active jobs, this month's use, packages left and storage. */
export const hpcOverview = () => api.get<HpcOverview>('/hpc/auth/overview', undefined, quiet);

export const applyForAccount = (body: HpcApplyBody) => api.post<null>('/hpc/auth/account/apply', body);

/** Every enabled cluster's partitions with prices, limits and capacity now. */
export const listPartitions = (clusterId?: number) =>
  api.get<HpcPartitionView[]>('/hpc/auth/partition/list', clusterId === undefined ? undefined : { clusterId }, quiet);

export const packageProducts = () => api.get<HpcPackageProduct[]>('/hpc/auth/package/products', undefined, quiet);
export const myPackages = () => api.get<HpcPackageView[]>('/hpc/auth/package/list', undefined, quiet);
/** What buying the package will take from the balance, with the voucher chosen (absent: the best); refused quietly (the dialog shows why). */
export const quotePackage = (request: { productId: number; voucherId?: number }) =>
  api.post<MoneyQuote>('/hpc/auth/package/quote', request, { errorTip: false });
export async function buyPackage(productId: number, quoteToken: string) {
  const result = await api.post<HpcPackageView>('/hpc/auth/package/buy', { productId, quoteToken }, { errorTip: false });
  if (result.code === 200) await refreshCounters();
  return result;
}

/** 智算: the GPU pool by region and model (the stock the rent page offers). */
export const gpuRegions = () => api.get<Region[]>('/node/auth/region/list-enable', undefined, quiet);
export const gpuModelsIn = (regionCode: string) => api.get<GpuModelStat[]>('/node/auth/deviceType/statistics', { regionCode }, quiet);

/** Operator: applications, the pending ones unless `status` says otherwise. */
export const applicationsToReview = (paging: Paging, status = 1) =>
  api.post<Page<HpcReviewItem>>('/hpc/auth/account/review/list', { ...paging, status }, quiet);
export const approveApplication = (id: number) => api.post<null>('/hpc/auth/account/review/approve', { id });
export const rejectApplication = (id: number, reason: string) => api.post<null>('/hpc/auth/account/review/reject', { id, reason });
