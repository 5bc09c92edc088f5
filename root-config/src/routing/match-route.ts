import { routeTable, type RouteEntry } from '../route-table';

export interface ResolvedRoute {
  readonly entry: RouteEntry;
  readonly params: Readonly<Record<string, string>>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const optional = wanted.at(-1)?.endsWith('?') ?? false;
  if (actual.length > wanted.length || actual.length < wanted.length - (optional ? 1 : 0)) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    const value = actual[i];
    if (segment.startsWith(':')) {
      if (value !== undefined) params[segment.replace(/^:|\?$/g, '')] = decodeURIComponent(value);
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

export function resolveRoute(pathname: string): ResolvedRoute | null {
  for (const entry of routeTable) {
    const params = matchPattern(entry.path, pathname);
    if (params) return { entry, params };
  }
  return null;
}
