import type { OrderListBody, OrderRow, OrderView } from '@rc/api-contract/user/account-orders';
import { api, type Page, type Paging } from '@rc/shared-utility';

export type { OrderRow, OrderView };

export const listOrders = (body: Paging & Omit<OrderListBody, 'pageNum' | 'pageSize'>) =>
  api.post<Page<OrderRow>>('/user/auth/order/list', body, { errorTip: false });
export const viewOrder = (id: number) => api.post<OrderView>('/user/auth/order/view', { id }, { errorTip: false });
