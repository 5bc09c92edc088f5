import { useCallback, useEffect, useState } from 'react';
import { api } from '@rc/shared-utility';

export interface SubUser {
  id: number;
  mobile: string;
  nickname: string;
  shareBalance: boolean;
  balance: number;
  gmtCreate: string;
}

export const listSubUsers = (paging: { pageNum: number; pageSize: number }) => api.post<{ list: SubUser[]; total: number }>('/user/auth/user/ext/list/sub/user', paging);

/** The sub-account named by `?id=` (sub-pages of `/account/childUser`). */
export function useSubUserFromQuery() {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  const [subUser, setSubUser] = useState<SubUser | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useCallback(async () => {
    const result = await listSubUsers({ pageNum: 1, pageSize: 100 });
    if (result.code !== 200) return;
    const found = result.data.list.find((sub) => sub.id === id) ?? null;
    setSubUser(found);
    setMissing(!found);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  return { subUser, missing, reload: load };
}
