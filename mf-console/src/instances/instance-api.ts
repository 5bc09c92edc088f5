import { api, bus, refreshCounters } from '@rc/shared-utility';
import type { Page } from '../paging/use-paged-list';
import type { InstanceView } from './instance-types';

const noCache = { cache: false } as const;

export const listInstances = (body: { pageNum: number; pageSize: number; status?: number; id?: number }) => api.post<Page<InstanceView>>('/container/auth/list', body, noCache);

/** Calls an instance operation; on success toasts, and the header's counters follow. */
export async function runOperation(path: string, body: unknown, method: 'post' | 'put' = 'post', o: { errorTip?: boolean } = {}) {
  const result = method === 'post' ? await api.post<InstanceView>(path, body, { errorTip: o.errorTip }) : await api.put<InstanceView>(path, body, { errorTip: o.errorTip });
  if (result.code === 200) {
    bus.emit('toast', { type: 'success', message: result.msg });
    await refreshCounters();
  }
  return result;
}
