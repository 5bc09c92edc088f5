import { api } from '@rc/shared-utility';
import type { InstancePageTicket } from '@rc/api-contract/user/instance-pages';
import type { ImageView } from '../instances/instance-types';

/** noVNC's page on the instance's own origin, with a single-use ticket (60 s); the refusal is shown on the screen. */
export const desktopTicket = (id: number) =>
  api.post<InstancePageTicket>('/user/auth/user/instance/desktop/ticket', { id }, { cache: false, errorTip: false });

/** The system image that has a remote desktop, if the site has one. */
export async function desktopImage(): Promise<ImageView | undefined> {
  const answer = await api.get<ImageView[]>('/image/auth/allSys');
  return answer.code === 200 ? answer.data.find((image) => image.desktop) : undefined;
}

/** Turns the instance on from the page (a refusal, such as no free GPU, is shown on the screen). */
export const startInstance = (id: number) => api.post<unknown>('/user/auth/user/instance/start', { id }, { errorTip: false });
