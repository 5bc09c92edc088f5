import type { PageQuery } from '@rc/api-contract/common';

export function pageWindow(query: PageQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 10;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}
