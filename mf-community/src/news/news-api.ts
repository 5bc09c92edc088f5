import type { NewsDetail } from '@rc/api-contract/community/blog';
import { api } from '@rc/shared-utility';

export type { NewsDetail };

/** A news item by numeric id or by its slug (`/news/detail/about`). */
export function viewNews(idOrSlug: string) {
  const id = Number(idOrSlug);
  return api.post<NewsDetail>('/community/api/news/view', Number.isInteger(id) && id > 0 ? { id } : { slug: idOrSlug }, {
    errorTip: false,
  });
}
