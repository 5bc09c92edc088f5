const RULES: readonly (readonly [segment: string, type: number])[] = [
  ['live', 2],
  ['resource', 4],
  ['exam', 5],
  ['blog', 6],
  ['question', 7],
  ['info', 8],
  ['app', 15],
  ['dataManage', 16],
];

/** The search query type for the page at `pathname` (spec §2): the first rule a path segment starts with. */
export function searchTypeForPath(pathname: string): number {
  const segments = pathname.split('/').filter(Boolean);
  const rule = RULES.find(([prefix]) => segments.some((segment) => segment.startsWith(prefix)));
  return rule ? rule[1] : 1;
}
