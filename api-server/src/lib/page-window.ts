import type { PageQuery } from '@rc/api-contract/common';
import { ok } from '../envelope.js';

export function pageWindow(query: PageQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 10;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}

/** A page's answer: `load` reads the rows of the window asked for; the answer carries them, the total and the page. */
export async function pagedAnswer<T>(
  query: PageQuery,
  load: (window: { limit: number; offset: number }) => Promise<{ list: T[]; total: number }>,
) {
  const { pageNum, pageSize, offset } = pageWindow(query);
  const { list, total } = await load({ limit: pageSize, offset });
  return ok({ list, total, pageNum, pageSize });
}
