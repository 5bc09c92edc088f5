import type { MessagesRead, UserMessage } from '@rc/api-contract/user/message';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { UserMessage };

export const listMessages = (body: Paging & { isRead?: boolean }) =>
  api.post<Page<UserMessage>>('/user/auth/msg/user/list', body, { errorTip: false });
export const markRead = (id: number) => api.post<MessagesRead>('/user/auth/msg/user/read', { ids: [id] });
export const markAllRead = () => api.post<MessagesRead>('/user/auth/msg/user/read/all', {});
