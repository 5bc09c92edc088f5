import { useCallback, useEffect, useState } from 'react';
import { Pagination } from 'semantic-ui-react';
import type { ApiResult } from '@rc/shared-utility';

export interface Page<T> {
  list: T[];
  total: number;
  pageNum?: number;
  pageSize?: number;
}

export const pageSize = 10;

export type PageFetcher<T> = (paging: { pageNum: number; pageSize: number }) => Promise<ApiResult<Page<T>>>;

/**
 * One page of a server list. `fetchPage` must keep its identity while its filters stay the same
 * (useCallback): a new one loads again.
 */
export function usePagedList<T>(fetchPage: PageFetcher<T>) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<T>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const result = await fetchPage({ pageNum, pageSize });
    if (result.code === 200) setPage(result.data);
    setLoading(false);
    setLoaded(true);
  }, [fetchPage, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const totalPages = Math.max(1, Math.ceil(page.total / pageSize));
  return { page, pageNum, setPageNum, totalPages, load, loading, loaded };
}

/** The page switcher under a list, shown when there is more than one page. */
export function PageSwitcher({ pageNum, totalPages, setPageNum }: Pick<ReturnType<typeof usePagedList>, 'pageNum' | 'totalPages' | 'setPageNum'>) {
  if (totalPages <= 1) return null;
  return <Pagination activePage={pageNum} totalPages={totalPages} onPageChange={(_, data) => setPageNum(Number(data.activePage))} />;
}
