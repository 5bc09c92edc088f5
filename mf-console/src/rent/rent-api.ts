import type { CommunityImageDetail, ImageFit, ImageUseBody } from '@rc/api-contract/community/image-community';
import type { AppDetail } from '@rc/api-contract/application/app';
import type { Region } from '@rc/api-contract/node/node';
import type { PaidOrder, PayOrderBody, RentQuote, RentQuoteBody } from '@rc/api-contract/user/order';
import type { SharedDataset } from '@rc/api-contract/data/share';
import { api, type Page } from '@rc/shared-utility';
import type { ImageView } from '../instances/instance-types';
import type { GpuModelStat } from './gpu-model-cards';

export type { Region };

export const listRegions = () => api.get<Region[]>('/node/auth/region/list-enable');
export const listSystemImages = () => api.get<ImageView[]>('/image/auth/allSys');
export const savedImages = () => api.post<Page<ImageView>>('/image/auth/private/page', { pageSize: 100 });
export const gpuModelsIn = (regionCode: string) =>
  api.get<GpuModelStat[]>('/node/auth/deviceType/statistics', { regionCode }, { cache: false });
export const quoteRent = (choice: RentQuoteBody) => api.post<RentQuote>('/user/auth/order/price/preview', choice, { errorTip: false });
export const payAndCreate = (order: PayOrderBody) => api.post<PaidOrder>('/user/auth/order/info/pay', order);
/** The community image 「使用此镜像」 opened renting with, and whether the chosen region and GPU model's drivers fit it. */
export const communityImage = (id: number) => api.post<CommunityImageDetail>('/community/auth/image/view', { id });
export const checkImageFit = (body: ImageUseBody) => api.post<ImageFit>('/community/auth/image/use', body, { errorTip: false });
/** The application 「部署」 opened renting with (its template fills the form). */
export const appToLaunch = (id: number) => api.post<AppDetail>('/application/api/app/view', { id });
/** The dataset a share page's 「用此数据集租用实例」 brought along (`?datasetShare=` holds the page's pass). */
export const sharedDataset = (pass: string) => api.post<SharedDataset>('/data/api/share/dataset', { pass }, { errorTip: false });
