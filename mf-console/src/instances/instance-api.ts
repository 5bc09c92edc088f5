import { api, refreshCounters, type CallOptions, type Page, type Paging } from '@rc/shared-utility';
import type { InstanceQuote, InstanceQuoteBody } from '@rc/api-contract/user/quote';
import type { InstanceRecord } from '@rc/api-contract/user/instance-events';
import type { InstanceMountView } from '@rc/api-contract/data/mount';
import type { InstanceMetrics } from '@rc/api-contract/user/instance-metrics';
import type { ImageView, InstanceView } from './instance-types';

export type { InstanceMetrics, InstanceMountView, InstanceQuote, InstanceQuoteBody, InstanceRecord };

const noCache = { cache: false } as const;

export const listInstances = (body: Paging & { status?: number; id?: number }, options: CallOptions = {}) =>
  api.post<Page<InstanceView>>('/container/auth/list', body, { ...noCache, ...options });

/** What an operation will charge or refund, the new unit price and the balance after, with the token to confirm it. */
export const quoteOperation = (body: InstanceQuoteBody) =>
  api.post<InstanceQuote>('/user/auth/user/instance/quote', body, { errorTip: false });

/** The network disk and datasets the instance mounts. */
export const listMounts = (instanceId: number) =>
  api.post<InstanceMountView[]>('/data/auth/mount/list', { instanceId }, { ...noCache, errorTip: false });

/** The 状态记录, newest first; with `bill`, from that bill line's time back. */
export const listInstanceRecords = (id: number, paging: Paging, bill?: number) =>
  api.post<Page<InstanceRecord>>('/user/auth/user/instance/events', { id, ...paging, ...(bill ? { bill } : {}) }, { errorTip: false });

/** The images an instance can change to: the system's, then the user's saved ones. */
export async function imagesToChoose(): Promise<ImageView[]> {
  const [system, own] = await Promise.all([
    api.get<ImageView[]>('/image/auth/allSys'),
    api.post<Page<ImageView>>('/image/auth/private/page', { pageSize: 100 }),
  ]);
  return [...(system.code === 200 ? system.data : []), ...(own.code === 200 ? own.data.list.filter((image) => image.status === 1) : [])];
}

const instancePath = (path: string) => `/user/auth/user/instance/${path}`;

/** The instance's sampled use over the last `hours`, averaged into at most about 300 points. */
export const instanceMetrics = (id: number, hours: number) =>
  api.post<InstanceMetrics>(instancePath('metrics'), { id, hours }, { ...noCache, errorTip: false });

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
  queueStart: (id: number) => api.post<InstanceView>(instancePath('start/queue'), { id }),
  cancelQueue: (id: number) => api.post<InstanceView>(instancePath('start/queue/cancel'), { id }),
  setIdleStop: (id: number, minutes: number | null, percent: number) =>
    api.post<InstanceView>(instancePath('idle/stop'), { id, minutes, percent }),
  stop: (id: number) => api.post<InstanceView>(instancePath('stop'), { id }),
  release: (id: number) => api.post<InstanceView>(instancePath('release/instance'), { id }),
  clone: (id: number, quoteToken: string) => api.post<InstanceView>(instancePath('clone'), { id, quoteToken }),
  reset: (id: number) => api.put<InstanceView>(`/container/auth/reset/${id}`, {}),
  liftConfig: (id: number, gpuCount: number, quoteToken: string) =>
    api.post<InstanceView>(instancePath('lift/config'), { id, gpuCount, quoteToken }),
  changeBilling: (id: number, billingType: number, duration: number, quoteToken: string) =>
    api.post<InstanceView>(instancePath('change/billing'), { id, billingType, duration, quoteToken }),
  renew: (id: number, duration: number, quoteToken: string) => api.post<InstanceView>(instancePath('renew'), { id, duration, quoteToken }),
  scheduleStop: (id: number, minutes: number) => api.post<InstanceView>(instancePath('schedule/stop'), { id, minutes }),
  adjustStorage: (id: number, dataDiskExtraGb: number, quoteToken: string) =>
    api.post<InstanceView>('/user/auth/user/storage/adjust', { id, dataDiskExtraGb, quoteToken }),
  rename: (id: number, name: string) => api.put<InstanceView>('/container/auth/changeName', { id, name }),
  commit: (id: number, imageName: string) => api.put<InstanceView>('/container/auth/commit', { id, imageName }),
  changeImage: (id: number, imageId: number) => api.put<InstanceView>('/container/auth/changeImage', { id, imageId }),
};
