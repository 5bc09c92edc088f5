import type { AppDetail, AppTemplateView } from '@rc/api-contract/application/app';
import type { GpuModelStat, Region } from '@rc/api-contract/node/node';
import type { OrderConfiguration, PayOrderBody } from '@rc/api-contract/user/order';
import type { ImageView } from '@rc/api-contract/image/image';

export type ImageTab = 'system' | 'private';

/** Everything the rent form shows and the user chose (the quote and the launched application live in their hooks). */
export interface RentState {
  regions: Region[];
  regionCode: string;
  models: GpuModelStat[];
  /** The region `models` belong to ('' until the first answer): an empty list means 该地区暂无可租用的 GPU only once loaded. */
  modelsOfRegion: string;
  gpuModelId: number | null;
  gpuCount: number;
  billingType: number;
  duration: number;
  imageTab: ImageTab;
  systemImages: ImageView[];
  privateImages: ImageView[];
  imageId: number | null;
  dataDiskExtraGb: number;
  name: string;
  notice: string;
}

export type RentAction =
  | { type: 'regionsLoaded'; regions: Region[] }
  | { type: 'regionChosen'; regionCode: string }
  /** The region's GPU models: the template's model (with its count) if it has one there, else the first with free cards. */
  | { type: 'modelsLoaded'; regionCode: string; models: GpuModelStat[]; template: AppTemplateView | null }
  | { type: 'modelChosen'; gpuModelId: number }
  | { type: 'countChosen'; gpuCount: number }
  | { type: 'billingChosen'; billingType: number }
  | { type: 'durationChosen'; duration: number }
  /** System images, with the one `?imageId=` asks for chosen if it is among them. */
  | { type: 'systemImagesLoaded'; images: ImageView[]; wantedId: number }
  | { type: 'privateImagesLoaded'; images: ImageView[] }
  | { type: 'imageTabChosen'; tab: ImageTab }
  | { type: 'imageChosen'; imageId: number }
  | { type: 'dataDiskChosen'; gb: number }
  | { type: 'nameChanged'; name: string }
  /** An application is deployed: its template's data disk and its name fill the form. */
  | { type: 'appLaunched'; app: AppDetail }
  | { type: 'quoteWentStale' };

export const initialRentState: RentState = {
  regions: [],
  regionCode: '',
  models: [],
  modelsOfRegion: '',
  gpuModelId: null,
  gpuCount: 1,
  billingType: 1,
  duration: 1,
  imageTab: 'system',
  systemImages: [],
  privateImages: [],
  imageId: null,
  dataDiskExtraGb: 0,
  name: '',
  notice: '',
};

const instanceNameMax = 40;

export function rentReducer(state: RentState, action: RentAction): RentState {
  switch (action.type) {
    case 'regionsLoaded':
      return { ...state, regions: action.regions, regionCode: action.regions[0]?.regionCode ?? '' };
    case 'regionChosen':
      return { ...state, regionCode: action.regionCode };
    case 'modelsLoaded': {
      // A region left before its answer came (a slow first answer after a quick tab change) must not show its models.
      if (action.regionCode !== state.regionCode) return state;
      const { models, template } = action;
      const wanted = template ? models.find((model) => model.gpuModelId === template.gpuModelId) : undefined;
      const first = wanted ?? models.find((model) => model.freeGpu > 0) ?? models[0];
      return {
        ...state,
        models,
        modelsOfRegion: action.regionCode,
        gpuModelId: first?.gpuModelId ?? null,
        gpuCount: wanted && template ? template.gpuCount : 1,
      };
    }
    case 'modelChosen':
      return { ...state, gpuModelId: action.gpuModelId, gpuCount: 1 };
    case 'countChosen':
      return { ...state, gpuCount: action.gpuCount };
    case 'billingChosen':
      return { ...state, billingType: action.billingType };
    case 'durationChosen':
      return { ...state, duration: action.duration };
    case 'systemImagesLoaded': {
      const { images, wantedId } = action;
      const imageId = images.some((image) => image.id === wantedId) ? wantedId : (images[0]?.id ?? null);
      return { ...state, systemImages: images, imageId };
    }
    case 'privateImagesLoaded':
      return { ...state, privateImages: action.images.filter((image) => image.status === 1) };
    case 'imageTabChosen':
      return { ...state, imageTab: action.tab };
    case 'imageChosen':
      return { ...state, imageId: action.imageId };
    case 'dataDiskChosen':
      return { ...state, dataDiskExtraGb: action.gb };
    case 'nameChanged':
      return { ...state, name: action.name };
    case 'appLaunched':
      return {
        ...state,
        dataDiskExtraGb: action.app.template?.dataDiskGb ?? state.dataDiskExtraGb,
        name: action.app.name.slice(0, instanceNameMax),
      };
    case 'quoteWentStale':
      return { ...state, notice: '价格或余额已变化，已重新报价，请核对金额后再创建' };
  }
}

export const chosenModel = (state: RentState) => state.models.find((model) => model.gpuModelId === state.gpuModelId);

/** The machine to quote and rent; null until a GPU model is chosen. */
export function rentChoice(state: RentState): OrderConfiguration | null {
  const { regionCode, gpuModelId, gpuCount, billingType, duration, dataDiskExtraGb } = state;
  return gpuModelId ? { regionCode, gpuModelId, gpuCount, billingType, duration, dataDiskExtraGb } : null;
}

/** How many cards one node can give (at most 8). */
export const maxGpuCount = (state: RentState) => Math.min(8, chosenModel(state)?.maxFreePerNode ?? 0);

export const shownImages = (state: RentState) => (state.imageTab === 'system' ? state.systemImages : state.privateImages);

/** Why the chosen machine is not the deployed application's template; '' when it is (or no application is deployed). */
export function templateMismatch(state: RentState, template: AppTemplateView | null): string {
  if (!template) return '';
  if (state.gpuModelId !== template.gpuModelId) return `所选地区没有该应用需要的 ${template.gpuModelName}，请换一个地区`;
  if (state.gpuCount !== template.gpuCount || state.dataDiskExtraGb < template.dataDiskGb) return '所选配置与应用模板不一致';
  return '';
}

/** The order to pay: the quoted machine with its image, the quote's token, and the optional name, application and shared dataset. */
export function rentOrder(
  choice: OrderConfiguration,
  state: RentState,
  paid: { imageId: number; quoteToken: string; appId: number | undefined; datasetShare?: string },
): PayOrderBody {
  const name = state.name.trim();
  return {
    ...choice,
    imageId: paid.imageId,
    quoteToken: paid.quoteToken,
    ...(name ? { name } : {}),
    ...(paid.appId ? { appId: paid.appId } : {}),
    ...(paid.datasetShare ? { datasetShare: paid.datasetShare } : {}),
  };
}
