import { api, type ApiResult } from '@rc/shared-utility';
import type {
  CreatedPageShare,
  InstancePageShare,
  InstancePageTicket,
  InstanceWebPort,
  PageInstance,
} from '@rc/api-contract/user/instance-pages';

export type { CreatedPageShare, InstancePageShare, InstanceWebPort, PageInstance };

const pagePath = (path: string) => `/user/auth/user/instance/page/${path}`;
const noCache = { cache: false } as const;

/** A single-use ticket (60 s) that opens a port of the user's running instance on the instance's own origin. */
const instancePageTicket = (id: number, port: number) => api.post<InstancePageTicket>(pagePath('ticket'), { id, port }, noCache);

/**
 * Opens the instance's port in a new tab that this page cannot reach and that cannot reach it (no opener, no
 * referrer): it runs the instance's own code. A refusal is toasted by the API client.
 */
export async function openInstancePage(id: number, port: number): Promise<void> {
  const answer = await instancePageTicket(id, port);
  if (answer.code === 200) window.open(answer.data.url, '_blank', 'noopener,noreferrer');
}

/** The instance's web ports (自定义服务 included) and its open share links. */
export const webPortCalls = {
  list: (id: number) => api.post<InstanceWebPort[]>(pagePath('ports'), { id }, noCache),
  add: (id: number, name: string, port: number) => api.post<InstanceWebPort[]>(pagePath('port/add'), { id, name, port }, noCache),
  remove: (id: number, port: number) => api.post<InstanceWebPort[]>(pagePath('port/remove'), { id, port }, noCache),
  shares: (id: number) => api.post<InstancePageShare[]>(pagePath('share/list'), { id }, noCache),
  share: (id: number, port: number, hours: number) => api.post<CreatedPageShare>(pagePath('share/create'), { id, port, hours }, noCache),
  revoke: (shareId: number) => api.post<{ id: number }>(pagePath('share/revoke'), { shareId }, noCache),
};

/**
 * The instance as the web ports and remote desktop pages show it: the user's own, or a balance-sharing sub-account's
 * (`owned` false); undefined when its pages are not open to the user.
 */
export async function pageInstance(id: number): Promise<ApiResult<PageInstance | undefined>> {
  const answer = await api.post<PageInstance>(pagePath('view'), { id }, { ...noCache, errorTip: false });
  return answer.code === 404 ? { ...answer, code: 200, data: undefined } : answer;
}
