// What the root config passes to every micro-app (root-config/src/apps/register-apps.tsx builds it),
// and the route-table entry both sides read.
import type { ErrorInfo } from 'react';

export type MicroAppName = '@rc/mf-console' | '@rc/mf-storage' | '@rc/mf-billing' | '@rc/mf-community' | '@rc/mf-learning';

/** `shell` routes are rendered by the root config itself. */
export type RouteOwner = MicroAppName | 'shell';

export type LayoutName = 'default' | 'account' | 'activity';

export interface RouteEntry {
  /** Segments; `:name` is a parameter, `:name?` an optional last parameter. */
  readonly path: string;
  readonly owner: RouteOwner;
  readonly title: string;
  readonly purpose: string;
  readonly layout: LayoutName;
}

export interface ShellLocation {
  readonly href: string;
  readonly pathname: string;
  readonly search: string;
  readonly route: { readonly entry: RouteEntry; readonly params: Readonly<Record<string, string>> } | null;
}

export interface ShellProps {
  route: {
    current(): ShellLocation;
    subscribe(listener: () => void): () => void;
    navigate(url: string, options?: { replace?: boolean }): void;
  };
  domElementGetter?: () => HTMLElement;
  /** Used by single-spa-react as the error boundary around the app's React tree. */
  errorBoundary: (error: Error, info: ErrorInfo) => JSX.Element;
}
