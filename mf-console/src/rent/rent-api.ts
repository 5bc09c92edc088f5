import type { PaidOrder, PriceQuote } from '@rc/api-contract/user/order';
import { api, type Page } from '@rc/shared-utility';
import type { ImageView } from '../instances/instance-types';
import type { GpuModelStat } from './gpu-model-cards';

export interface Region {
  regionCode: string;
  regionName: string;
}

export interface RentChoice {
  regionCode: string;
  gpuModelId: number;
  gpuCount: number;
  billingType: number;
  duration: number;
  dataDiskExtraGb: number;
}

export const listRegions = () => api.get<Region[]>('/node/auth/region/list-enable');
export const listSystemImages = () => api.get<ImageView[]>('/image/auth/allSys');
export const savedImages = () => api.post<Page<ImageView>>('/image/auth/private/page', { pageSize: 100 });
export const gpuModelsIn = (regionCode: string) =>
  api.get<GpuModelStat[]>('/node/auth/deviceType/statistics', { regionCode }, { cache: false });
export const quoteRent = (choice: RentChoice) => api.post<PriceQuote>('/user/auth/order/price/preview', choice, { errorTip: false });
export const payAndCreate = (order: RentChoice & { imageId: number; name?: string }) =>
  api.post<PaidOrder>('/user/auth/order/info/pay', order);
