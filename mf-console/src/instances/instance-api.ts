import { api, refreshCounters, type CallOptions, type Page, type Paging } from '@rc/shared-utility';
import type { Bill, OrderConfiguration, PriceQuote } from '@rc/api-contract/user/order';
import type { ImageView, InstanceView } from './instance-types';

export type { Bill, PriceQuote as Quote };

const noCache = { cache: false } as const;

export const listInstances = (body: Paging & { status?: number; id?: number }, options: CallOptions = {}) =>
  api.post<Page<InstanceView>>('/container/auth/list', body, { ...noCache, ...options });

export const quotePrice = (body: OrderConfiguration) => api.post<PriceQuote>('/user/auth/order/price/preview', body, { errorTip: false });

export const listInstanceBills = (instanceId: number) =>
  api.post<Page<Bill>>('/user/auth/order/bill/list', { instanceId, pageSize: 50 }, { errorTip: false });

/** The images an instance can change to: the system's, then the user's saved ones. */
export async function imagesToChoose(): Promise<ImageView[]> {
  const [system, own] = await Promise.all([
    api.get<ImageView[]>('/image/auth/allSys'),
    api.post<Page<ImageView>>('/image/auth/private/page', { pageSize: 100 }),
  ]);
  return [...(system.code === 200 ? system.data : []), ...(own.code === 200 ? own.data.list.filter((image) => image.status === 1) : [])];
}

const instancePath = (path: string) => `/user/auth/user/instance/${path}`;

/** After an operation succeeded: the header's counters follow, then the screen (close the dialog, reload the list). */
export const afterOperation =
  (...steps: (() => void)[]) =>
  async () => {
    await refreshCounters();
    for (const step of steps) step();
  };

export const instanceCalls = {
  /** Without the error toast: "no GPU free" is answered with a choice, not a message. */
  start: (id: number) => api.post<InstanceView>(instancePath('start'), { id }, { errorTip: false }),
  startWithoutGpu: (id: number) => api.post<InstanceView>(instancePath('non/device/start'), { id }),
  stop: (id: number) => api.post<InstanceView>(instancePath('stop'), { id }),
  release: (id: number) => api.post<InstanceView>(instancePath('release/instance'), { id }),
  clone: (id: number) => api.post<InstanceView>(instancePath('clone'), { id }),
  reset: (id: number) => api.put<InstanceView>(`/container/auth/reset/${id}`, {}),
  liftConfig: (id: number, gpuCount: number) => api.post<InstanceView>(instancePath('lift/config'), { id, gpuCount }),
  changeBilling: (id: number, billingType: number, duration: number) =>
    api.post<InstanceView>(instancePath('change/billing'), { id, billingType, duration }),
  renew: (id: number, duration: number) => api.post<InstanceView>(instancePath('renew'), { id, duration }),
  scheduleStop: (id: number, minutes: number) => api.post<InstanceView>(instancePath('schedule/stop'), { id, minutes }),
  adjustStorage: (id: number, dataDiskExtraGb: number) => api.post<InstanceView>('/user/auth/user/storage/adjust', { id, dataDiskExtraGb }),
  rename: (id: number, name: string) => api.put<InstanceView>('/container/auth/changeName', { id, name }),
  commit: (id: number, imageName: string) => api.put<InstanceView>('/container/auth/commit', { id, imageName }),
  changeImage: (id: number, imageId: number) => api.put<InstanceView>('/container/auth/changeImage', { id, imageId }),
};
