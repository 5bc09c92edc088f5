import { api, type Page, type Paging } from '@rc/shared-utility';

export interface UserMessage {
  id: number;
  title: string;
  content: string;
  isRead: boolean;
  gmtCreate: string;
}

export const listMessages = (body: Paging & { isRead?: boolean }) => api.post<Page<UserMessage>>('/user/auth/msg/user/list', body, { errorTip: false });
export const markRead = (id: number) => api.post<null>('/user/auth/msg/user/read', { ids: [id] });
export const markAllRead = () => api.post<null>('/user/auth/msg/user/read/all', {});
