import { useCallback, useState } from 'react';
import { Pagination } from 'semantic-ui-react';
import type { ApiResult } from '../api-client';
import type { Page } from '../types';
import { useLoaded, type Loaded } from './use-loaded';

const pageSize = 10;

export interface Paging {
  pageNum: number;
  pageSize: number;
}

export type PageFetcher<T> = (paging: Paging) => Promise<ApiResult<Page<T>>>;

export interface PagedList<T> extends Loaded<Page<T>> {
  /** The loaded page, or an empty one while there is none. */
  page: Page<T>;
  pageNum: number;
  setPageNum: (pageNum: number) => void;
  totalPages: number;
}

const noPage = { list: [], total: 0, pageNum: 1, pageSize };

/**
 * One page of a server list. `fetchPage` must keep its identity while its filters stay the same
 * (useCallback): a new one loads again.
 */
export function usePagedList<T>(fetchPage: PageFetcher<T>): PagedList<T> {
  const [pageNum, setPageNum] = useState(1);
  const fetch = useCallback(() => fetchPage({ pageNum, pageSize }), [fetchPage, pageNum]);
  const loaded = useLoaded(fetch);
  const page = loaded.data ?? noPage;
  const totalPages = Math.max(1, Math.ceil(page.total / pageSize));
  return { ...loaded, page, pageNum, setPageNum, totalPages };
}

/** The page switcher under a list, shown when there is more than one page. */
export function PageSwitcher({ pageNum, totalPages, setPageNum }: Pick<PagedList<unknown>, 'pageNum' | 'totalPages' | 'setPageNum'>) {
  if (totalPages <= 1) return null;
  return (
    <Pagination
      className="rc-page-switcher"
      activePage={pageNum}
      totalPages={totalPages}
      onPageChange={(_, data) => setPageNum(Number(data.activePage))}
    />
  );
}
