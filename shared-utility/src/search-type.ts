/** Spec §2's search types by path segment; `info` is news (资讯), whose pages sit under `news`. */
const RULES: readonly (readonly [segment: string, type: number])[] = [
  ['live', 2],
  ['resource', 4],
  ['exam', 5],
  ['blog', 6],
  ['question', 7],
  ['info', 8],
  ['news', 8],
  ['app', 15],
  ['dataManage', 16],
];

const typeOfSegment = (segment: string) => RULES.find(([prefix]) => segment.startsWith(prefix))?.[1];

/**
 * The search query type for the page at `pathname` (spec §2): the innermost path segment that starts
 * with a rule's word decides (`/blog/news/3` is news, `/blog/article/3` a blog), else 1.
 */
export function searchTypeForPath(pathname: string): number {
  const segments = pathname.split('/').filter(Boolean).reverse();
  for (const segment of segments) {
    const type = typeOfSegment(segment);
    if (type !== undefined) return type;
  }
  return 1;
}
