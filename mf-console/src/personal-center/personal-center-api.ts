import { api } from '@rc/shared-utility';

/** How many sub-accounts the signed-in main account has (one row fetched, the total read). */
export const subAccountCount = () =>
  api.post<{ list: unknown[]; total: number }>('/user/auth/user/ext/list/sub/user', { pageNum: 1, pageSize: 1 }, { errorTip: false });
