import { api } from '@rc/shared-utility';
import type { SearchHit, SearchHitKind, SearchPage, SearchType } from '@rc/api-contract/community/search';

export type { SearchHit, SearchHitKind, SearchPage as SearchResultPage, SearchType };

export const searchSite = (body: { keyword: string; type: SearchType; pageNum: number; pageSize: number }) =>
  api.post<SearchPage>('/community/api/search/list', body, { errorTip: false });

export const searchBlogs = (body: { keyword: string; pageNum: number; pageSize: number }) =>
  api.post<SearchPage>('/community/api/blog/search/list', body, { errorTip: false });
